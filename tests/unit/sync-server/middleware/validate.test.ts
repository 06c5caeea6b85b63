/**
 * The route contract: a route's declared body, params and query reach its handler parsed; a part
 * that does not parse is refused as the route declares, in the order the parts are listed; a route
 * may let a request that is not its own go on to the next.
 */
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_MESSAGES } from '@couchdb/model/errors';
import { errorHandler } from '../../../../sync-server/middleware/errors';
import { refuseWith, validate } from '../../../../sync-server/middleware/validate';

const itemParams = {
  schema: z.object({ id: z.string().regex(/^\d+$/) }),
  refusal: refuseWith(404, 'not_found'),
};
const pageQuery = z.object({ limit: z.coerce.number().int().max(50).default(20) });
const noteBody = z.strictObject({ note: z.string().max(5, '备注过长') });

function app() {
  const app = express();
  app.use(express.json());
  app.post(
    '/items/:id',
    validate({ params: itemParams, query: pageQuery, body: noteBody }),
    (req, res) => {
      res.json({ id: req.params.id, limit: req.query.limit, note: req.body.note });
    },
  );
  app.get(
    '/files/:name',
    validate({ params: { schema: z.object({ name: z.string().regex(/^w/) }), refusal: 'pass' } }),
    (req, res) => {
      res.json({ variant: req.params.name });
    },
  );
  app.get('/files/:name', (_req, res) => {
    res.json({ file: true });
  });
  app.use(errorHandler);
  return app;
}

describe('validate', () => {
  it('hands the handler the parsed parts, defaults and coercions applied', async () => {
    const res = await request(app()).post('/items/7?limit=30').send({ note: '好' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: '7', limit: 30, note: '好' });
    const byDefault = await request(app()).post('/items/7').send({ note: '' });
    expect(byDefault.body.limit).toBe(20);
  });

  it('refuses a part with the route’s own answer, the first listed part first', async () => {
    const res = await request(app()).post('/items/x?limit=99').send({ note: 'too long' });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: ERROR_MESSAGES.not_found });
  });

  it('refuses by default with 400, the schema’s message and each field’s', async () => {
    const res = await request(app()).post('/items/7').send({ note: 'too long', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toMatchObject({ note: '备注过长' });
    expect((await request(app()).post('/items/7?limit=51').send({})).status).toBe(400);
  });

  it('lets a request the route does not take go on to the next route', async () => {
    expect((await request(app()).get('/files/w480')).body).toEqual({ variant: 'w480' });
    expect((await request(app()).get('/files/photo.jpg')).body).toEqual({ file: true });
  });
});
