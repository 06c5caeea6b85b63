/** The first-visit pull started by public/boot-prefetch.js and taken by the visitor's replication. */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PULL_ELEMENT, FIRST_PULL_URL, PULL_LIMIT_MAX } from '@couchdb/model/sync';
import { takeBootPrefetch } from '@client/data/sync/boot-prefetch';
import { ANON_DATABASE } from '@client/data/storage/database';
import { LAST_SYNC_KEY } from '@client/data/sync/device-sync';
import { USER_KEY } from '@client/lib/session/user-cache';

const SCRIPT = readFileSync(
  new URL('../../../../../public/boot-prefetch.js', import.meta.url),
  'utf8',
);
const FIRST_PULL = `/api/sync/properties/pull?limit=${PULL_LIMIT_MAX}`;

/**
 * Runs the script as a page would, with this storage and these <meta name>s in the page; returns
 * what it fetched and left behind.
 */
function runScript(stored: Record<string, string>, metaNames: string[] = []) {
  const fetched: string[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(SCRIPT, {
    window,
    document: {
      querySelector: (selector: string) =>
        metaNames.some((name) => selector === `meta[name="${name}"]`) ? {} : null,
    },
    localStorage: { getItem: (k: string) => stored[k] ?? null },
    fetch: (url: string) => {
      fetched.push(url);
      return Promise.resolve({
        ok: true,
        json: () => Promise.resolve({ documents: [], checkpoint: null }),
      });
    },
  });
  return { fetched, prefetch: window.__cjfcPrefetch as { url: string } | undefined };
}

afterEach(() => {
  delete (globalThis as { __cjfcPrefetch?: unknown }).__cjfcPrefetch;
});

describe('boot prefetch', () => {
  it("starts a first-time visitor's first pull, at the URL the replication asks for", () => {
    const { fetched, prefetch } = runScript({});
    expect(fetched).toEqual([FIRST_PULL]);
    expect(prefetch?.url).toBe(FIRST_PULL);
  });

  it('fetches nothing when the page carries that answer (the gateway’s first-screen HTML)', () => {
    expect(FIRST_PULL_URL).toBe(FIRST_PULL);
    expect(runScript({}, [FIRST_PULL_ELEMENT]).fetched).toEqual([]);
    expect(runScript({}, ['something-else']).fetched).toEqual([FIRST_PULL]);
  });

  it('leaves signed-in users and devices that synced before alone (same keys as the app)', () => {
    expect(runScript({ [USER_KEY]: '{}' }).fetched).toEqual([]);
    expect(runScript({ [LAST_SYNC_KEY + ANON_DATABASE]: '2026-11-23T00:00:00Z' }).fetched).toEqual(
      [],
    );
  });

  it('hands the answer over once, for the same URL only', async () => {
    const body = { documents: [], checkpoint: { seq: '7' } };
    (globalThis as { __cjfcPrefetch?: unknown }).__cjfcPrefetch = {
      url: FIRST_PULL,
      body: Promise.resolve(body),
    };
    expect(takeBootPrefetch('/api/sync/news/pull?limit=500')).toBeNull();
    await expect(takeBootPrefetch(FIRST_PULL)).resolves.toEqual(body);
    expect(takeBootPrefetch(FIRST_PULL)).toBeNull();
  });
});
