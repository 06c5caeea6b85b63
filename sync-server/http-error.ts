/** An error the gateway answers as `{error: {code, message}}` with its HTTP status. */
import { ERROR_MESSAGES, rateLimitedMessage, type ErrorCode } from '@couchdb/model/errors';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 429 with the wait (whole seconds, at least 1) in the text and in Retry-After. */
export function rateLimitedFor(
  msBeforeNext: number,
  messageFor: (seconds: number) => string = rateLimitedMessage,
): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(429, 'rate_limited', messageFor(seconds), undefined, {
    'Retry-After': String(seconds),
  });
}
