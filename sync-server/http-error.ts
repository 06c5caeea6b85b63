/** An error the gateway answers as `{error: {code, message}}` with its HTTP status. */
import { ERROR_MESSAGES, type ErrorCode } from '@couchdb/model/errors';

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
