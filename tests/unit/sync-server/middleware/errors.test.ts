/**
 * The error middleware's answers for failures that are not HttpErrors: a limit record too many
 * requests updated at once is a busy answer the device retries, not a server fault.
 */
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@couchdb/model/errors';
import { errorHandler } from '../../../../sync-server/middleware/errors';

function appThrowing(err: unknown) {
  const app = express();
  app.get('/x', () => {
    throw err;
  });
  app.use(errorHandler);
  return app;
}

describe('the error middleware', () => {
  it('answers a contended limit record 503 with a retry hint', async () => {
    const contended = Object.assign(new Error('limit k: too many concurrent updates'), {
      code: 'limit_contention',
    });
    const res = await request(appThrowing(contended)).get('/x');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body.error).toEqual({
      code: 'store_unavailable',
      message: ERROR_MESSAGES.store_unavailable,
    });
  });

  it('answers anything else unknown 500 without its details', async () => {
    const res = await request(appThrowing(new Error('secret detail'))).get('/x');
    expect(res.status).toBe(500);
    expect(res.body.error).toEqual({ code: 'internal', message: ERROR_MESSAGES.internal });
  });
});
