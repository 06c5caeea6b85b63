/**
 * Bad input (issue 16, finding 6): a deeply nested JSON body is refused with a clear 400 before any
 * processing, on a sync push and on every other JSON endpoint; brackets inside strings don't count.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import { JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE } from '../../../couchdb/model/errors';
import { buildProperty } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

let gw: TestGateway;
let alice: { accessToken: string; user: { id: string } };

beforeAll(async () => {
  gw = await startTestGateway();
  alice = await gw.createUser();
});
afterAll(async () => {
  await gw?.cleanup();
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const tooDeep = { code: 'bad_request', message: JSON_TOO_DEEP_MESSAGE };

describe('a deeply nested body', () => {
  it('is a 400 on a push: 5000 nested arrays in a 10 KB document', async () => {
    const body = `[{"assumedMasterState":null,"newDocumentState":{"id":"${newId()}","title":"深","extra":${nested(5000)}}}]`;
    expect(body.length).toBeLessThan(11_000);
    const res = await request(gw.app)
      .post('/api/sync/properties/push')
      .set(api.bearer(alice))
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(tooDeep);
    expect((await request(gw.app).get('/api/health')).status).toBe(200);
  });

  it('is a 400 on any other JSON endpoint', async () => {
    const login = request(gw.app).post('/api/auth/login');
    const profile = request(gw.app).patch('/api/auth/me').set(api.bearer(alice));
    for (const call of [login, profile]) {
      const res = await call
        .set('Content-Type', 'application/json')
        .send(`{"name":${nested(5000)}}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(tooDeep);
    }
  });

  it('is refused just past the limit and accepted at it', async () => {
    const at = await request(gw.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(`{"phone":${nested(JSON_MAX_DEPTH - 1)}}`);
    expect(at.body.error.code).toBe('validation_failed');
    const past = await request(gw.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(`{"phone":${nested(JSON_MAX_DEPTH)}}`);
    expect(past.body.error).toEqual(tooDeep);
  });

  it('does not count brackets inside strings', async () => {
    const listing = buildProperty({
      id: newId(),
      user_id: alice.user.id,
      status: 'active',
      audit_status: 'pending',
      title: '[[[[ 房源 ]]]]',
      description: `${'[{'.repeat(300)}\\"[[[`,
    });
    const res = await api.pushDoc(gw.app, alice, 'properties', listing);
    expect(res.status).toBe(200);
    expect(res.body.rejections ?? []).not.toContainEqual(
      expect.objectContaining({ message: JSON_TOO_DEEP_MESSAGE }),
    );
  });
});
