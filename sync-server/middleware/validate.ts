/**
 * The gateway's one route contract (in the manner of Outline's `validate`): a route declares zod
 * schemas for its body, params and query, and the handlers after `validate` receive them parsed and
 * typed (`req.body`, `req.params`, `req.query`), with no cast. A part that does not parse is refused
 * as the route declares; by default a 400 validation_failed with one message per field.
 */
import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { parseWithMessages } from '@couchdb/model/validation';
import { HttpError } from '../http-error';
import type { ErrorCode } from '@couchdb/model/errors';

/** Why a part did not parse: its first message, and one message per field path. */
export interface ParseFailure {
  message: string;
  fields: Record<string, string>;
}

/**
 * How a route answers a part that does not parse: the error to throw, or `'pass'` when such a
 * request is not this route's at all and goes on to the next one that matches.
 */
export type Refusal = ((failure: ParseFailure, req: Request) => HttpError) | 'pass';

/** A part's schema alone (refused by default), or with the route's own refusal. */
export type PartSchema = z.ZodType | { schema: z.ZodType; refusal: Refusal };

/** The parts a route checks, in the order written: the first that fails is the answer. */
export interface RequestSchemas {
  body?: PartSchema;
  params?: PartSchema;
  query?: PartSchema;
}

/** What a part is once parsed (`Otherwise`: the part is not checked here, and not to be read). */
type Parsed<P, Otherwise> = P extends z.ZodType
  ? z.output<P>
  : P extends { schema: infer S extends z.ZodType }
    ? z.output<S>
    : Otherwise;

/** A handler whose request carries the parts `S` declares, parsed. */
export type Validated<S extends RequestSchemas> = RequestHandler<
  Parsed<S['params'], unknown>,
  unknown,
  Parsed<S['body'], unknown>,
  Parsed<S['query'], unknown>
>;

/** The refusal that answers `status` and `code` with `message` (else the code's own text). */
export function refuseWith(status: number, code: ErrorCode, message?: string): Refusal {
  return () => new HttpError(status, code, message);
}

/** The default refusal: 400 validation_failed, the first message and every field's. */
const invalid: Refusal = (failure) =>
  new HttpError(400, 'validation_failed', failure.message, failure.fields);

/** Checks the parts `schemas` declares, in the order written, and puts the parsed values on `req`. */
export function validate<S extends RequestSchemas>(schemas: S): Validated<S> {
  const parts = (Object.keys(schemas) as (keyof RequestSchemas)[]).flatMap((part) => {
    const declared = schemas[part];
    if (!declared) return [];
    return 'refusal' in declared
      ? [{ part, schema: declared.schema, refusal: declared.refusal }]
      : [{ part, schema: declared, refusal: invalid }];
  });
  return ((req: Request, _res, next) => {
    for (const { part, schema, refusal } of parts) {
      const result = parseWithMessages(schema, part === 'body' ? (req.body ?? {}) : req[part]);
      if (!result.ok) {
        if (refusal === 'pass') return next('route');
        throw refusal(result, req);
      }
      // Express reads the query through a getter: the parsed one is set on the request itself.
      if (part === 'query')
        Object.defineProperty(req, 'query', {
          value: result.data,
          configurable: true,
          writable: true,
        });
      else req[part] = result.data;
    }
    next();
  }) as Validated<S>;
}
