/**
 * The one place the client talks HTTP to the gateway: JSON in and out, the Bearer header,
 * timeouts, and turning every failure into an ApiError whose message is ready to show.
 */
import { AUTH_MESSAGES, messageForStatus, type ErrorBody } from '@couchdb/model/errors';

/** Codes the client itself raises; the gateway's codes come from `ERROR_MESSAGES`. */
export type ClientErrorCode =
  'network_error' | 'timeout' | 'bad_format' | 'empty_response' | 'parse_failed';

/** A failed request. `status` is 0 when no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** True when the request never got an answer (offline, DNS, reset, timeout). */
  get isNetworkFailure(): boolean {
    return this.status === 0;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON when present; a FormData goes as multipart (uploads). */
  body?: unknown;
  /** Access token for the Authorization header. */
  token?: string | null;
  /** Abort after this many milliseconds and fail with `timeoutMessage`. */
  timeoutMs?: number;
  timeoutMessage?: string;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

async function readErrorResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isErrorBody(body) && body.error.message) {
    return new ApiError(
      response.status,
      String(body.error.code),
      body.error.message,
      body.error.fields,
    );
  }
  return new ApiError(response.status, 'http_error', messageForStatus(response.status));
}

async function readSuccessResponse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text.trim() === '') {
    throw new ApiError(response.status, 'empty_response', AUTH_MESSAGES.emptyResponse);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    throw new ApiError(response.status, 'bad_format', AUTH_MESSAGES.badFormat);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'parse_failed', AUTH_MESSAGES.parseFailed);
  }
}

/**
 * Calls a same-origin gateway path and returns the parsed JSON body (undefined for 204).
 * Throws ApiError: the gateway's own message when the body has one, else the text for the
 * status (spec §8), the network message when nothing answered, the timeout message on timeout.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, token, timeoutMs, timeoutMessage, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });

  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (!response.ok) throw await readErrorResponse(response);
    return await readSuccessResponse<T>(response);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (timedOut) throw new ApiError(0, 'timeout', timeoutMessage ?? AUTH_MESSAGES.networkError);
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network_error', AUTH_MESSAGES.networkError);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** Text to show for any thrown value: an ApiError's message, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}
