/**
 * GET /metrics (issue 20): after real pulls, pushes, a refused login burst, a media request, an open
 * event stream and store failures, the Prometheus text carries every family with those values; a
 * caller without the operator's token is refused.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNewListing } from '../../fixtures/builders';
import { startFaultProxy, type FaultAction, type FaultProxy } from '../../helpers/fault-proxy';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { inject } from 'vitest';

const TOKEN = 'metrics-token-for-the-operator';
/** The value of one sample line (`name{labels} value`), or undefined when the line is absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

async function scrape(gw: TestGateway): Promise<string> {
  const res = await request(gw.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text;
}

describe('the metrics endpoint', () => {
  let gw: TestGateway;
  let agent: Account, alice: Account;

  beforeAll(async () => {
    gw = await startTestGateway({
      metricsToken: TOKEN,
      rateLimits: { passwordAttemptsPerAccountAddress: 2 },
    });
    agent = await gw.createUser('agent', '经纪人');
    alice = await gw.createUser('user', '爱丽丝');
  });
  afterAll(() => gw.cleanup());

  it('is refused without the token, with a wrong one, and to a signed-in admin', async () => {
    const admin = await gw.createUser('admin', '管理员');
    const none = await request(gw.app).get('/metrics');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthorized');
    expect(none.text).not.toContain('gateway_');
    const wrong = await request(gw.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    const asAdmin = await request(gw.app).get('/metrics').set(api.bearer(admin));
    expect(asAdmin.status).toBe(401);
  });

  it('is refused to everyone while no token is configured', async () => {
    const closed = await startTestGateway();
    try {
      const res = await request(closed.app).get('/metrics').set('Authorization', 'Bearer ');
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    } finally {
      await closed.cleanup();
    }
  });

  it('counts pulls, pushes by outcome, rate-limit refusals, media, streams and the store', async () => {
    // Pushes: two listings written, one of them again from a stale version (a conflict) and re-sent
    // as pulled, and a user writing news (refused, forbidden).
    const first = await api.insert(gw.app, agent, 'properties', buildNewListing(agent.user.id));
    await api.insert(gw.app, agent, 'properties', buildNewListing(agent.user.id));
    const stale = await api.pushDoc(gw.app, agent, 'properties', {
      ...buildNewListing(agent.user.id),
      id: first,
    });
    expect(stale.body.conflicts).toHaveLength(1);
    // The agent's device sends the version it pulled again, unchanged and with no version assumed.
    const pulled = await api.master(gw.app, agent, 'properties', first);
    expect((await api.pushDoc(gw.app, agent, 'properties', pulled)).body.resent).toEqual([first]);
    const refused = await api.pushDoc(gw.app, alice, 'news', {
      id: 'news-by-a-user',
      title: '不该写入',
    });
    expect(refused.body.rejections[0].code).toBe('forbidden');
    // Pulls: a visitor's and the agent's.
    await api.pullAll(gw.app, null, 'properties');
    await api.pullAll(gw.app, agent, 'properties');
    // Login failures past the per-phone limit: 429s.
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await api.login(gw.app, alice.user.phone, 'Wrong#Password1')).status);
    expect(codes).toContain(429);
    const limited = codes.filter((c) => c === 429).length;
    // A media file that is not there.
    expect((await request(gw.app).get('/media/none/missing.jpg')).status).toBe(404);
    // An event stream, open while the endpoint is scraped.
    const server = await gw.listen();
    const stream = new AbortController();
    const res = await fetch(`${server.url}/api/sync/stream`, {
      headers: api.bearer(alice),
      signal: stream.signal,
    });
    await res.body!.getReader().read(); // the first event: the stream is held

    const text = await scrape(gw);
    stream.abort();
    await server.close();

    const latency = 'gateway_http_request_duration_seconds_count';
    expect(
      sample(text, latency, { family: 'pull', method: 'GET', status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, latency, { family: 'push', method: 'POST', status: '200' })).toBe(5);
    expect(sample(text, latency, { family: 'auth', method: 'POST', status: '429' })).toBe(limited);
    expect(sample(text, latency, { family: 'media', status: '404' })).toBe(1);
    expect(text).toContain('gateway_http_request_duration_seconds_bucket{le="0.005",family="pull"');
    // Each pull says where it was answered from: the feed had caught up, so from memory.
    const fromMemory = sample(text, 'gateway_pulls_total', { source: 'memory' })!;
    const fromStore = sample(text, 'gateway_pulls_total', { source: 'store' })!;
    expect(fromMemory).toBeGreaterThanOrEqual(2);
    expect(fromMemory + fromStore).toBeGreaterThanOrEqual(
      sample(text, latency, { family: 'pull', method: 'GET', status: '200' })!,
    );
    expect(sample(text, 'gateway_push_rows_accepted_total', { collection: 'properties' })).toBe(2);
    expect(
      sample(text, 'gateway_push_rows_refused_total', {
        collection: 'properties',
        code: 'conflict',
      }),
    ).toBe(1);
    expect(
      sample(text, 'gateway_push_rows_refused_total', { collection: 'properties', code: 'resent' }),
    ).toBe(1);
    expect(
      sample(text, 'gateway_push_rows_refused_total', { collection: 'news', code: 'forbidden' }),
    ).toBe(1);
    expect(sample(text, 'gateway_rate_limit_refusals_total', { family: 'auth' })).toBe(limited);
    expect(sample(text, 'gateway_event_streams_open')).toBe(1);
    // Every pull has been answered: none waits for its turn.
    expect(sample(text, 'gateway_pulls_waiting')).toBe(0);
    expect(
      sample(text, 'gateway_store_request_duration_seconds_count', { method: 'PUT' }),
    ).toBeGreaterThan(0);
    expect(
      sample(text, 'gateway_store_request_duration_seconds_count', { method: 'GET' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);

    // The stream has ended: the gauge follows.
    await expect.poll(async () => sample(await scrape(gw), 'gateway_event_streams_open')).toBe(0);
  });
});

describe('store errors in the metrics', () => {
  let proxy: FaultProxy;
  let gw: TestGateway;
  let action: FaultAction = 'pass';

  beforeAll(async () => {
    proxy = await startFaultProxy({ target: inject('couchUrl'), decide: () => action });
    gw = await startTestGateway({ metricsToken: TOKEN, couchUrl: proxy.url });
  });
  afterAll(async () => {
    action = 'pass';
    await gw.cleanup();
    await proxy.close();
  });

  it('counts a store answering 500 and a store that drops the request', async () => {
    const before = await scrape(gw);
    expect(sample(before, 'gateway_store_request_errors_total', { kind: 'status' })).toBe(0);
    expect(sample(before, 'gateway_store_request_errors_total', { kind: 'network' })).toBe(0);

    action = 'fail-500';
    expect((await request(gw.app).get('/api/health')).status).toBe(500);
    action = 'drop';
    expect((await request(gw.app).get('/api/health')).status).toBeGreaterThanOrEqual(500);
    action = 'pass';

    const after = await scrape(gw);
    expect(
      sample(after, 'gateway_store_request_errors_total', { kind: 'status' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'gateway_store_request_errors_total', { kind: 'network' }),
    ).toBeGreaterThanOrEqual(1);
  });
});
