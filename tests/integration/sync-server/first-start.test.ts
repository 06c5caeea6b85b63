/**
 * `npm start` on a fresh machine: the gateway starts its embedded store, seeds the demo data once,
 * the demo accounts log in, and a restart keeps the data without seeding twice.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROPERTY_COUNT } from '../../../couchdb/seed/demo-data';
import { openStore } from '../../../sync-server/store/couch';
import { startGateway } from '../../helpers/gateway';

let dataDir: string;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function countDocs() {
  const store = await openStore({ dataDir, logger: pino({ level: 'silent' }) });
  try {
    const count = async (db: 'properties' | 'news' | 'demands' | 'settings' | 'users') =>
      (await store.db(db).info()).doc_count;
    return {
      properties: await count('properties'),
      news: await count('news'),
      demands: await count('demands'),
      settings: await count('settings'),
      users: await count('users'),
      photo: (await store.db('properties').list({ include_docs: true, limit: 20 })).rows
        .map((r) => r.doc as { images?: { url: string }[] })
        .find((d) => d.images?.length)?.images?.[0]?.url,
    };
  } finally {
    await store.close();
  }
}

describe('first start on the embedded default', () => {
  it('seeds demo data once and keeps it across a restart', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cj-first-'));
    const first = await startGateway({ embedded: true, dataDir, env: { NODE_ENV: 'test' } });
    try {
      for (const account of DEMO_ACCOUNTS) {
        const res = await fetch(`${first.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: account.phone, password: account.password }),
        });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { user: { user_type: string } }).user.user_type).toBe(
          account.role,
        );
      }
      const health = await fetch(`${first.url}/api/health`);
      expect(await health.json()).toMatchObject({ ok: true, store: 'embedded' });
    } finally {
      await first.stop();
    }
    const seeded = await countDocs();
    // Each database also holds the design docs of its indexes.
    expect(seeded.properties).toBeGreaterThanOrEqual(DEMO_PROPERTY_COUNT);
    expect(seeded.news).toBeGreaterThanOrEqual(12);
    expect(seeded.demands).toBeGreaterThanOrEqual(8);
    expect(seeded.settings).toBeGreaterThanOrEqual(3);
    expect(seeded.users).toBeGreaterThanOrEqual(4);

    const second = await startGateway({ embedded: true, dataDir, env: { NODE_ENV: 'test' } });
    try {
      // Seeded photos are generated locally and served from the media dir with immutable caching.
      expect(seeded.photo).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
      const photo = await fetch(`${second.url}${seeded.photo}`);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      expect(photo.headers.get('cache-control')).toContain('immutable');
      const missing = await fetch(`${second.url}/media/${'0'.repeat(64)}.jpg`);
      expect(missing.status).toBe(404);
    } finally {
      await second.stop();
    }
    expect(await countDocs()).toEqual(seeded);
  }, 120_000); // two gateway processes and their embedded stores start, one after the other
});
