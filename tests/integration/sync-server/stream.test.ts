/**
 * The device event stream: a resync on connect, a change event per collection written, and a
 * resync after the gateway's store feed survived a store crash (so nothing missed stays missed).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncHttp } from '../../../client/data/sync/sync-http';
import { SyncStream } from '../../../client/data/sync/sync-stream';
import { newId } from '../../../couchdb/model/common-facts';
import { STREAM_LIMITS, TOO_MANY_STREAMS_MESSAGE } from '../../../couchdb/model/sync';
import { buildNews } from '../../fixtures/builders';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

/** Reads SSE events from the stream until `predicate` matches one (or the timeout passes). */
async function openStream(url: string, token?: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/sync/stream`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ? JSON.parse(data) : null });
      }
    }
  })();
  return {
    events,
    async waitFor(predicate: (e: { event: string; data: unknown }) => boolean, timeoutMs = 15_000) {
      const start = Date.now();
      while (Date.now() - start < timeoutMs) {
        if (events.some(predicate)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`);
    },
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

describe('event stream', () => {
  let gw: TestGateway;
  let url: string;
  beforeAll(async () => {
    gw = await startTestGateway({ ownEmbeddedStore: true });
    url = (await gw.listen()).url;
  });
  afterAll(async () => {
    await gw?.cleanup();
  });

  it('says resync on connect and names each collection that changes', async () => {
    const admin = await gw.createUser('admin');
    const stream = await openStream(url);
    await stream.waitFor((e) => e.event === 'resync');
    const article = buildNews({ id: newId(), author_id: admin.user.id, status: 'published' });
    const res = await fetch(`${url}/api/sync/news/push`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify([{ assumedMasterState: null, newDocumentState: article }]),
    });
    expect(await res.json()).toMatchObject({ conflicts: [], rejections: [] });
    await stream.waitFor(
      (e) => e.event === 'change' && (e.data as { collection: string }).collection === 'news',
    );
    await stream.close();
  });

  it('serves pulls from its in-memory feed, even while the store is down', async () => {
    const before = (await (await fetch(`${url}/api/sync/settings/pull`)).json()) as {
      documents: unknown[];
    };
    expect(before.documents).toEqual([]);
    const admin = await gw.createUser('admin');
    const setting = {
      id: 'audit_required',
      setting_value: false,
      description: '发布房源是否需要审核',
      updated_at: new Date().toISOString(),
    };
    await fetch(`${url}/api/sync/settings/push`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify([{ assumedMasterState: null, newDocumentState: setting }]),
    });
    // The feed has brought the write into memory.
    for (let i = 0; i < 100 && !gw.feed.log('settings')?.has('audit_required'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(gw.feed.log('settings')?.has('audit_required')).toBe(true);
    process.kill(gw.store.embeddedProcess!.pid()!, 'SIGKILL');
    const res = await fetch(`${url}/api/sync/settings/pull`);
    expect(res.status).toBe(200);
    expect(
      ((await res.json()) as { documents: { id: string }[] }).documents.map((d) => d.id),
    ).toEqual(['audit_required']);
    // Wait for the supervisor to bring the store back before the next test.
    for (let i = 0; i < 100; i++) {
      if ((await fetch(`${url}/api/health`)).ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('tells every stream to resync after the store comes back from a crash', async () => {
    const stream = await openStream(url);
    await stream.waitFor((e) => e.event === 'resync');
    const before = stream.events.length;
    process.kill(gw.store.embeddedProcess!.pid()!, 'SIGKILL');
    await stream.waitFor((e) => e.event === 'resync' && stream.events.indexOf(e) >= before, 30_000);
    // And the gateway serves again on the same store.
    const pull = await fetch(`${url}/api/sync/properties/pull`);
    expect(pull.status).toBe(200);
    expect(gw.feed.listeners).toBeGreaterThan(0);
    await stream.close();
  });
});

/** GET /api/sync/stream, kept open until `close`; its answer status (and body when refused). */
async function tryStream(url: string, token?: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/sync/stream`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  const refused =
    res.status === 200
      ? null
      : { body: await res.json(), retryAfter: res.headers.get('retry-after') };
  return {
    status: res.status,
    refused,
    close: () => {
      controller.abort();
      void res.body?.cancel().catch(() => undefined);
    },
  };
}

describe('event stream caps (issue 16, finding 9)', () => {
  // One gateway a test: streams another test closed may take a moment to be let go.
  let gw: TestGateway;
  let url: string;
  const open: { close(): void }[] = [];
  beforeEach(async () => {
    gw = await startTestGateway();
    url = (await gw.listen()).url;
  });
  afterEach(async () => {
    for (const s of open.splice(0)) s.close();
    await gw?.cleanup();
  });
  const streams = async (n: number, token?: string) => {
    const opened = await Promise.all(Array.from({ length: n }, () => tryStream(url, token)));
    open.push(...opened);
    return opened;
  };

  it('refuses an address’s streams beyond the cap with 429, Retry-After and the message', async () => {
    const first = await streams(STREAM_LIMITS.perAddress);
    expect(first.every((s) => s.status === 200)).toBe(true);
    const beyond = await streams(20);
    expect(beyond.map((s) => s.status)).toEqual(Array(20).fill(429));
    expect(beyond[0]!.refused).toEqual({
      body: { error: { code: 'rate_limited', message: TOO_MANY_STREAMS_MESSAGE } },
      retryAfter: String(STREAM_LIMITS.retryAfterSeconds),
    });
    // A closed stream makes room again (once the gateway sees the connection end).
    first[0]!.close();
    await expect
      .poll(async () => (await streams(1))[0]!.status, { timeout: 5_000, interval: 100 })
      .toBe(200);
  });

  it('refuses an account’s streams beyond its cap, not another account’s', async () => {
    const { accessToken } = await gw.createUser();
    const other = await gw.createUser();
    const mine = await streams(STREAM_LIMITS.perAccount, accessToken);
    expect(mine.every((s) => s.status === 200)).toBe(true);
    expect((await streams(1, accessToken))[0]!.status).toBe(429);
    expect((await streams(1, other.accessToken))[0]!.status).toBe(200);
  });

  it('holds the caps across two gateways over one store, and a closed stream makes room on both', async () => {
    const second = await startTestGateway({
      prefix: gw.config.dbPrefix,
      jwtSecret: gw.config.jwtSecret,
    });
    const secondListening = await second.listen();
    try {
      const { accessToken } = await gw.createUser();
      const half = STREAM_LIMITS.perAccount / 2;
      const here = await streams(half, accessToken);
      const there = await Promise.all(
        Array.from({ length: half }, () => tryStream(secondListening.url, accessToken)),
      );
      open.push(...there);
      expect([...here, ...there].map((s) => s.status)).toEqual(
        Array(STREAM_LIMITS.perAccount).fill(200),
      );
      expect((await streams(1, accessToken))[0]!.status).toBe(429);
      const beyond = await tryStream(secondListening.url, accessToken);
      open.push(beyond);
      expect(beyond.status).toBe(429);

      there[0]!.close();
      await expect
        .poll(async () => (await streams(1, accessToken))[0]!.status, {
          timeout: 5_000,
          interval: 100,
        })
        .toBe(200);
    } finally {
      for (const s of open.splice(0)) s.close();
      second.close();
      await secondListening.close();
    }
  });

  it('makes a refused device wait as asked, quietly, instead of retrying every second', async () => {
    const { accessToken } = await gw.createUser();
    await streams(STREAM_LIMITS.perAccount, accessToken);
    let tries = 0;
    const http = new SyncHttp({
      baseUrl: url,
      getAccessToken: async () => accessToken,
      fetch: (input, init) => {
        if (String(input).includes('/api/sync/stream')) tries++;
        return fetch(input, init);
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const states: string[] = [];
    const device = new SyncStream(http, {
      onResync: () => undefined,
      onChange: () => undefined,
      onState: (state) => states.push(state),
    });
    try {
      device.start();
      await expect.poll(() => warn.mock.calls.length, { timeout: 5_000 }).toBe(1);
      expect((warn.mock.calls[0]![1] as Error).message).toBe(TOO_MANY_STREAMS_MESSAGE);
      // Without the gateway's wait the device would have tried again after ~1 s and ~3 s.
      await new Promise((r) => setTimeout(r, 4_000));
      expect(tries).toBe(1);
      expect(device.current).toBe('connecting');
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      device.stop();
      warn.mockRestore();
    }
  });
});
