/** An error the gateway answers as `{error: {code, message}}` with its HTTP status. */
import { ERROR_MESSAGES, rateLimitedMessage, type ErrorCode } from '@couchdb/model/errors';
import type { UploadRefusalCode } from '@couchdb/model/upload-limits';

/** Any code the gateway answers with: the shared ones, and the media model's upload refusals. */
export type GatewayErrorCode = ErrorCode | UploadRefusalCode;

/** The shared text for a code (upload refusals have none: they always come with their message). */
export function defaultMessage(code: GatewayErrorCode): string {
  return Object.hasOwn(ERROR_MESSAGES, code) ? ERROR_MESSAGES[code as ErrorCode] : '';
}

export class HttpError extends Error {
  readonly code: GatewayErrorCode;
  constructor(
    status: number,
    code: ErrorCode,
    message?: string,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
  );
  constructor(
    status: number,
    code: UploadRefusalCode,
    message: string,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
  );
  constructor(
    readonly status: number,
    code: GatewayErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? defaultMessage(code));
    this.code = code;
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
