/**
 * Vitest global setup for integration and e2e: one store for the whole run. With COUCHDB_URL set the
 * suite uses that server (CouchDB 3 or a separately started PouchDB Server); otherwise it starts the
 * embedded store in a temp dir. Each test file then works in databases of its own (a unique prefix).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedStore } from '../../sync-server/store/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    couchUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.COUCHDB_URL) {
    project.provide('couchUrl', process.env.COUCHDB_URL);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'cj-store-'));
  const store = await startEmbeddedStore(dir, pino({ level: 'warn' }));
  project.provide('couchUrl', store.url);
  return async () => {
    await store.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
