/**
 * The pull shortcut (routes/sync.ts pullShortcut): an ordinary pull is answered as soon as it is
 * read, past the rest of the middleware, with the same page and the same security headers as any
 * answer; anything out of the ordinary goes on through the whole stack, which answers it.
 */
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNewListing } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { pullShortcut } from '../../../sync-server/routes/sync';
import { AccountDirectory } from '../../../sync-server/services/account-directory';

let gw: TestGateway;
let alice: Account;
/** The shortcut alone, with a mark of its own on what it answers; 599 for what it passes on. */
let shortcut: express.Express;

/** Every header helmet sets on the gateway's answers (x-powered-by is removed). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

beforeAll(async () => {
  gw = await startTestGateway();
  alice = await gw.createUser('user', '爱丽丝');
  await api.insert(gw.app, alice, 'properties', buildNewListing(alice.user.id));
  shortcut = express();
  shortcut.use(
    pullShortcut({
      sync: gw.sync,
      secret: gw.config.jwtSecret,
      accounts: new AccountDirectory(gw.store, gw.feed),
      headers: { 'X-Answered-By': 'shortcut' },
    }),
  );
  shortcut.use((_req, res) => {
    res.status(599).end();
  });
});

afterAll(async () => {
  await gw.close();
});

describe('the pull shortcut', () => {
  it('answers an ordinary pull with the page the full route gives, for visitors and accounts', async () => {
    await gw.feedCaughtUp();
    for (const [who, collection] of [
      [null, 'properties'],
      [alice, 'properties'],
      [alice, 'favorites'],
      [alice, 'demands'],
    ] as const) {
      const fast = await api.pullPage(shortcut, who, collection, { limit: 50 });
      expect(fast.status, `${collection} as ${who ? 'alice' : 'a visitor'}`).toBe(200);
      expect(fast.headers['x-answered-by']).toBe('shortcut');
      expect(fast.headers['cache-control']).toBe('no-store');
      const routed = await request(gw.app)
        .get(`/api/sync/${collection}/pull`)
        .query({ limit: 50 })
        .set(api.bearer(who));
      expect(fast.body).toEqual(routed.body);
    }
    const own = await api.pullPage(shortcut, alice, 'properties', { limit: 50 });
    expect(own.body.documents.map((d: { user_id: string }) => d.user_id)).toContain(alice.user.id);
  });

  it('passes on every pull that is not ordinary, untouched', async () => {
    const passedOn = async (req: request.Test) => {
      const res = await req;
      expect(res.status).toBe(599);
      expect(res.headers['x-answered-by']).toBeUndefined();
    };
    // A collection the caller's role reads nothing of, and no collection at all.
    await passedOn(request(shortcut).get('/api/sync/favorites/pull'));
    await passedOn(request(shortcut).get('/api/sync/oplog/pull').set(api.bearer(alice)));
    await passedOn(request(shortcut).get('/api/sync/auth/pull').set(api.bearer(alice)));
    // A token that is not one, or not ours.
    await passedOn(
      request(shortcut).get('/api/sync/properties/pull').set('Authorization', 'Bearer x.y.z'),
    );
    await passedOn(
      request(shortcut).get('/api/sync/properties/pull').set('Authorization', 'Basic abc'),
    );
    // A query that is not a pull's.
    await passedOn(request(shortcut).get('/api/sync/properties/pull').query({ limit: 100000 }));
    await passedOn(
      request(shortcut).get('/api/sync/properties/pull').query({ checkpoint: '{"$gt":1}' }),
    );
    // Not a pull.
    await passedOn(request(shortcut).post('/api/sync/properties/pull'));
    await passedOn(request(shortcut).get('/api/sync/properties/pull/more'));
  });

  it('the gateway answers a pull with the security headers of every other answer', async () => {
    const health = await request(gw.app).get('/api/health/live');
    const pull = await api.pullPage(gw.app, null, 'properties', { limit: 10 });
    expect(pull.status).toBe(200);
    for (const name of SECURITY_HEADERS) {
      expect(health.headers[name], name).toBeTruthy();
      expect(pull.headers[name], name).toBe(health.headers[name]);
    }
    expect(pull.headers['x-powered-by']).toBeUndefined();
  });
});
