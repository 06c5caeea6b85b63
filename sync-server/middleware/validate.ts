/** Validates the JSON body with a shared model schema; a failure is a 400 with per-field messages. */
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { parseWithMessages } from '@couchdb/model/validation';
import { HttpError } from '../http-error';

export function validateBody<S extends z.ZodType>(schema: S): RequestHandler {
  return (req, _res, next) => {
    const result = parseWithMessages(schema, req.body ?? {});
    if (!result.ok) throw new HttpError(400, 'validation_failed', result.message, result.fields);
    req.body = result.data;
    next();
  };
}
