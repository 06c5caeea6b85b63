/**
 * The device event stream: a resync on connect, a change event per collection written, and a
 * resync after the gateway's store feed survived a store crash (so nothing missed stays missed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common';
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
