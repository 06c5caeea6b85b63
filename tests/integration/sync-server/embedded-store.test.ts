/**
 * The embedded default's lifecycle: PouchDB Server in a child process creates the databases and
 * indexes idempotently, keeps data across a restart, comes back after a crash on the same URL,
 * and stops cleanly.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_DATABASES, INDEXES } from '../../../couchdb/design/databases';
import { openStore } from '../../../sync-server/store/couch';
import { startEmbeddedStore } from '../../../sync-server/store/embedded';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cj-embedded-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const alive = (pid: number | undefined) => {
  try {
    process.kill(pid!, 0);
    return true;
  } catch {
    return false;
  }
};

describe('embedded store', () => {
  it('creates every database and index, idempotently, and keeps data across a restart', async () => {
    const dataDir = await tempDir();
    const first = await openStore({ dataDir, logger });
    expect(first.embedded).toBe(true);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const dbs = await first.server.db.list();
    for (const name of ALL_DATABASES) expect(dbs).toContain(name);
    const indexes = await first
      .db('properties')
      .server.request({ db: 'properties', path: '_index' });
    const names = (indexes.indexes as { name: string }[]).map((i) => i.name);
    for (const index of INDEXES.properties!) expect(names).toContain(index.name);
    await first.db('news').insert({ _id: 'kept', title: '保留的文章' } as never);
    await first.close();

    const second = await openStore({ dataDir, logger }); // same dir: databases exist already
    const doc = (await second.db('news').get('kept')) as unknown as { title: string };
    expect(doc.title).toBe('保留的文章');
    await second.close();
  });

  it('restarts a crashed store on the same URL and stops cleanly on request', async () => {
    const dataDir = await tempDir();
    const store = await startEmbeddedStore(dataDir, logger);
    const url = store.url;
    const firstPid = store.pid();
    await fetch(`${url}/crashtest`, { method: 'PUT' });
    const put = await fetch(`${url}/crashtest/written`, {
      method: 'PUT',
      body: JSON.stringify({ title: '崩溃前写入' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(put.status).toBe(201);
    process.kill(firstPid!, 'SIGKILL');

    let doc: Response | undefined;
    for (let i = 0; i < 100 && !doc?.ok; i++) {
      await new Promise((r) => setTimeout(r, 200));
      doc = await fetch(`${url}/crashtest/written`).catch(() => undefined);
    }
    expect(doc?.ok).toBe(true);
    expect(((await doc!.json()) as { title: string }).title).toBe('崩溃前写入');
    expect(store.pid()).not.toBe(firstPid);

    const pid = store.pid();
    await store.stop();
    expect(alive(pid)).toBe(false);
    await expect(fetch(`${url}/`)).rejects.toThrow();
  });

  it('answers bad requests without crashing', async () => {
    const dataDir = await tempDir();
    const store = await startEmbeddedStore(dataDir, logger);
    try {
      const pid = store.pid();
      await fetch(`${store.url}/bad`, { method: 'PUT' });
      const bad = [
        fetch(`${store.url}/bad/_changes?filter=_selector`, {
          method: 'POST',
          body: '{',
          headers: { 'content-type': 'application/json' },
        }),
        fetch(`${store.url}/bad/_find`, {
          method: 'POST',
          body: '{"selector":',
          headers: { 'content-type': 'application/json' },
        }),
        fetch(`${store.url}/bad/_changes?since=notanumber&filter=nope/nope`),
      ];
      await Promise.allSettled(bad);
      const ok = await fetch(`${store.url}/bad`);
      expect(ok.status).toBe(200);
      expect(store.pid()).toBe(pid);
    } finally {
      await store.stop();
    }
  });
});
