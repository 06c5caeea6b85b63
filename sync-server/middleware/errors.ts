/** The one error shape: `{error: {code, message, fields?}}`, with the right status; 5xx are logged. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorBody } from '@couchdb/model/errors';
import { defaultMessage, HttpError } from '../http-error';
import { couchStatus } from '../store/couch';

export const apiNotFound: RequestHandler = () => {
  throw new HttpError(404, 'not_found');
};

function classify(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const e = err as { type?: string; status?: number; code?: string; cause?: { code?: string } };
  // body-parser failures
  if (e?.type === 'entity.parse.failed') return new HttpError(400, 'bad_json');
  if (e?.type === 'entity.too.large') return new HttpError(413, 'payload_too_large');
  if (e?.type === 'charset.unsupported' || e?.type === 'encoding.unsupported')
    return new HttpError(415, 'bad_request');
  if (e?.type === 'request.aborted') return new HttpError(400, 'bad_request');
  // Too many requests updated one limit at once (limit-store.ts): the caller tries again shortly,
  // as after any busy answer; not a fault of the gateway.
  if (e?.code === 'limit_contention')
    return new HttpError(503, 'store_unavailable', undefined, undefined, { 'Retry-After': '1' });
  // Static files and other middleware that set an HTTP status of their own.
  const own = e?.status ?? (err as { statusCode?: number })?.statusCode;
  if (own === 404) return new HttpError(404, 'not_found');
  if (own !== undefined && own >= 400 && own < 500) return new HttpError(own, 'bad_request');
  // The store is down or unreachable (nano surfaces fetch failures without a status).
  const status = couchStatus(err);
  if (
    status === undefined &&
    (e?.code === 'ECONNREFUSED' ||
      e?.cause?.code === 'ECONNREFUSED' ||
      /fetch failed/i.test(String((err as Error)?.message)))
  ) {
    return new HttpError(503, 'store_unavailable');
  }
  return new HttpError(500, 'internal');
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const httpError = classify(err);
  if (httpError.status >= 500) req.log?.error({ err }, 'request failed');
  if (res.headersSent) {
    res.end();
    return;
  }
  const body: ErrorBody = {
    error: {
      code: httpError.code,
      message: httpError.message || defaultMessage(httpError.code),
      ...(httpError.fields ? { fields: httpError.fields } : {}),
    },
  };
  if (httpError.headers) res.set(httpError.headers);
  res.status(httpError.status).json(body);
};
