/**
 * The gateway's access log: an API request is written once, with its address and status, except a
 * device's pulls, which the metrics count (200 devices pull thousands of times a minute, and a
 * request logger of its own cost each pull about a fifth of its time), and health probes; the
 * app's files and pages are not written either. A pull that fails on the
 * gateway's side is still written, as an error naming its address.
 */
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

interface LogLine {
  level: number;
  msg: string;
  req?: { method?: string; url?: string };
  res?: { status?: number };
}

/** A gateway whose log lines are kept in `lines`. */
async function loggedGateway(couchUrl?: string) {
  const lines: LogLine[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  );
  const gw = await startTestGateway({ logger, ...(couchUrl ? { couchUrl } : {}) });
  return { gw, lines };
}

const ERROR = 50;

describe('the access log', () => {
  let gw: TestGateway;
  let lines: LogLine[];
  beforeAll(async () => {
    ({ gw, lines } = await loggedGateway());
  });
  afterAll(async () => {
    await gw?.cleanup();
  });

  it('writes an API request with its address and status, and leaves out a pull, a health probe and the app', async () => {
    const pullUrl = '/api/sync/properties/pull?limit=5';
    expect((await request(gw.app).get(pullUrl)).status).toBe(200);
    expect((await request(gw.app).get('/api/health')).status).toBe(200);
    // The app's files and pages (this gateway serves no build: answered 404 past the API).
    await request(gw.app).get('/assets/index-abc.js');
    const pushUrl = '/api/sync/properties/push';
    expect((await request(gw.app).post(pushUrl).send([])).status).toBe(401);
    const written = lines.filter((l) => l.req?.url);
    expect(written.map((l) => [l.req!.method, l.req!.url, l.res?.status])).toEqual([
      ['POST', pushUrl, 401],
    ]);
  });
});

describe('a pull that fails on the gateway', () => {
  let proxy: FaultProxy;
  let gw: TestGateway;
  let lines: LogLine[];
  beforeAll(async () => {
    // The store answers every change-feed read with a 500: the gateway's feed never loads, so a
    // pull reads the store itself, and fails.
    proxy = await startFaultProxy({
      target: inject('couchUrl'),
      decide: (req) => (req.url?.includes('/_changes') ? 'fail-500' : 'pass'),
    });
    ({ gw, lines } = await loggedGateway(proxy.url));
  });
  afterAll(async () => {
    await gw?.cleanup();
    await proxy?.close();
  });

  it('is written as an error naming its address', async () => {
    const pullUrl = '/api/sync/properties/pull?limit=5';
    const res = await request(gw.app).get(pullUrl);
    expect(res.status).toBeGreaterThanOrEqual(500);
    const errors = lines.filter((l) => l.level >= ERROR && l.msg === 'request failed');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.req).toMatchObject({ method: 'GET', url: pullUrl });
  });
});
