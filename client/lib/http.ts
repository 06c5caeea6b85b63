/**
 * The client's one way to call the gateway: the Bearer token read at call time, one shared renewal
 * and one retry on a 401, timeouts and aborts, and every failure as an ApiError carrying the
 * gateway's `{code, message}`, the text for its status, or the network or timeout case. JSON calls
 * and streams go through fetch; uploads through XHR, for their progress.
 */
import { AUTH_MESSAGES, messageForStatus, type ErrorBody } from '@couchdb/model/errors';

/** Codes the client itself raises; the gateway's codes come from `ERROR_MESSAGES`. */
export type ClientErrorCode =
  'network_error' | 'timeout' | 'http_error' | 'bad_format' | 'empty_response' | 'parse_failed';

/** What went wrong: the gateway answered with an error, nothing answered, or it took too long. */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

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

  get kind(): ApiErrorKind {
    if (this.status !== 0) return 'http';
    return this.code === 'timeout' ? 'timeout' : 'network';
  }

  /** True when the request never got an answer (offline, DNS, reset, timeout). */
  get isNetworkFailure(): boolean {
    return this.status === 0;
  }

  /** Whether trying again later may succeed: no answer, a server fault, or rate limiting. */
  get isTransient(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

/** Where a client gets its token: read at each call, renewed after a 401. */
export interface AccessTokens {
  /** The current access token, or null for a visitor. */
  getAccessToken(): Promise<string | null>;
  /** A renewed token after a 401, or null when the session is over. */
  refreshAccessToken?(): Promise<string | null>;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON when present; a FormData goes as multipart. */
  body?: unknown;
  /**
   * Send this token (null: none) instead of the client's, and never renew it: the sign-in calls,
   * and logout, which revokes the token it sends.
   */
  token?: string | null;
  /** Abort after this many milliseconds and fail with `timeoutMessage`. */
  timeoutMs?: number;
  timeoutMessage?: string;
  /** The caller's abort: the call rejects with the signal's reason, not an ApiError. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface UploadOptions extends Omit<RequestOptions, 'body' | 'method'> {
  /** 0–100 as the body goes out. */
  onProgress?(percent: number): void;
}

export interface StreamOptions extends Pick<RequestOptions, 'signal' | 'headers' | 'token'> {
  /** fetch options of a long-lived request (cache, priority). */
  init?: Pick<RequestInit, 'cache' | 'priority'>;
}

export interface HttpClientOptions {
  /** '' for the same origin; `http://127.0.0.1:port` in Node tests. */
  baseUrl?: string;
  /** The token source; without one every call is anonymous. */
  tokens?: AccessTokens | null;
  fetch?: typeof fetch;
  /** Timeout of a JSON call or upload that sets none. */
  timeoutMs?: number;
  /** Sent when a call has no token (a visitor's device id). */
  anonymousHeaders?: Record<string, string>;
}

/** What arrived, read the same way whether fetch or XHR carried it. */
interface Answer {
  status: number;
  contentType: string;
  text(): Promise<string>;
}

/** A token source's renewal under way: concurrent 401s wait for one refresh. */
const renewals = new WeakMap<AccessTokens, Promise<string | null>>();

function renew(tokens: AccessTokens): Promise<string | null> {
  let pending = renewals.get(tokens);
  if (!pending) {
    pending = (tokens.refreshAccessToken?.() ?? Promise.resolve(null)).finally(() =>
      renewals.delete(tokens),
    );
    renewals.set(tokens, pending);
  }
  return pending;
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

/** The gateway's `{error: {code, message}}` when the body has one, else the text for the status. */
async function errorOf(answer: Answer): Promise<ApiError> {
  return apiErrorOf(answer.status, await answer.text().catch(() => ''));
}

/** The error of an answer with `status` and body `text`: the gateway's message, else the status's. */
export function apiErrorOf(status: number, text: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isErrorBody(body) && body.error.message) {
    return new ApiError(status, String(body.error.code), body.error.message, body.error.fields);
  }
  return new ApiError(status, 'http_error', messageForStatus(status));
}

async function jsonOf<T>(answer: Answer): Promise<T> {
  if (answer.status === 204) return undefined as T;
  const text = await answer.text();
  if (text.trim() === '') {
    throw new ApiError(answer.status, 'empty_response', AUTH_MESSAGES.emptyResponse);
  }
  if (!answer.contentType.includes('json')) {
    throw new ApiError(answer.status, 'bad_format', AUTH_MESSAGES.badFormat);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(answer.status, 'parse_failed', AUTH_MESSAGES.parseFailed);
  }
}

function fromFetch(response: Response): Answer {
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: () => response.text(),
  };
}

/**
 * An abort signal for one call: the caller's signal and an optional timeout. `failure` turns what
 * fetch or XHR threw into the caller's abort reason, a timeout or a network ApiError.
 */
function callSignal(options: {
  signal?: AbortSignal;
  timeoutMs?: number;
  timeoutMessage?: string;
}) {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs);
  const outer = options.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    failure(err: unknown): unknown {
      if (err instanceof ApiError) return err;
      if (timedOut) {
        return new ApiError(0, 'timeout', options.timeoutMessage ?? AUTH_MESSAGES.networkError);
      }
      if (outer?.aborted) return outer.reason ?? err;
      return new ApiError(0, 'network_error', AUTH_MESSAGES.networkError);
    },
    done() {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/** XHR rather than fetch: it reports upload progress (`onProgress`: bytes sent, of the total). */
function xhrSend(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: XMLHttpRequestBodyInit | null,
  signal: AbortSignal,
  onProgress: ((loaded: number, total: number) => void) | undefined,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded, e.total);
    };
    xhr.onload = () => {
      signal.removeEventListener('abort', onAbort);
      const text = xhr.responseText;
      resolve({
        status: xhr.status,
        contentType: xhr.getResponseHeader('content-type') ?? '',
        header: (name) => xhr.getResponseHeader(name),
        text: () => Promise.resolve(text),
      });
    };
    xhr.onerror =
      xhr.onabort =
      xhr.ontimeout =
        () => {
          signal.removeEventListener('abort', onAbort);
          reject(new Error('upload: no answer'));
        };
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

/** An answer with its headers (`raw`). */
export interface RawAnswer extends Answer {
  header(name: string): string | null;
}

export class HttpClient {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: HttpClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /**
   * Calls a gateway path and returns the parsed JSON body (undefined for 204). Throws ApiError:
   * the gateway's own message when the body has one, else the text for the status (product §8), the
   * network message when nothing answered, the timeout message on timeout.
   */
  async json<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = 'GET', body } = options;
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    const call = callSignal({ timeoutMs: this.options.timeoutMs, ...options });
    try {
      const answer = await this.authorised(options, headers, async (sent) =>
        fromFetch(
          await this.fetchImpl(this.url(path), {
            method,
            headers: sent,
            body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
            credentials: 'same-origin',
            signal: call.signal,
          }),
        ),
      );
      if (answer.status < 200 || answer.status > 299) throw await errorOf(answer);
      return await jsonOf<T>(answer);
    } catch (err) {
      throw call.failure(err);
    } finally {
      call.done();
    }
  }

  /**
   * POSTs a multipart form with upload progress (XHR; fetch where there is none, as in Node) and
   * returns the parsed JSON answer; fails like `json`.
   */
  async upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const call = callSignal({ timeoutMs: this.options.timeoutMs, ...options });
    const viaXhr = typeof XMLHttpRequest !== 'undefined';
    try {
      const answer = await this.authorised(options, headers, async (sent) => {
        options.onProgress?.(0);
        if (viaXhr)
          return xhrSend('POST', this.url(path), sent, form, call.signal, (loaded, total) =>
            options.onProgress?.(Math.round((loaded / total) * 100)),
          );
        const response = await this.fetchImpl(this.url(path), {
          method: 'POST',
          headers: sent,
          body: form,
          credentials: 'same-origin',
          signal: call.signal,
        });
        options.onProgress?.(100);
        return fromFetch(response);
      });
      if (answer.status < 200 || answer.status > 299) throw await errorOf(answer);
      return await jsonOf<T>(answer);
    } catch (err) {
      throw call.failure(err);
    } finally {
      call.done();
    }
  }

  /**
   * Opens a long-lived GET (the sync event stream) and returns the answer once its status is OK;
   * no timeout: the caller watches the stream and aborts it. Fails like `json`.
   */
  async stream(path: string, options: StreamOptions = {}): Promise<Response> {
    const call = callSignal(options);
    try {
      let response: Response | undefined;
      const answer = await this.authorised(options, { ...options.headers }, async (sent) => {
        response = await this.fetchImpl(this.url(path), {
          ...options.init,
          headers: sent,
          credentials: 'same-origin',
          signal: call.signal,
        });
        return fromFetch(response);
      });
      if (answer.status < 200 || answer.status > 299 || !response?.body) {
        throw await errorOf(answer);
      }
      return response;
    } catch (err) {
      throw call.failure(err);
    } finally {
      call.done();
    }
  }

  /**
   * One request as given (`url` absolute, the caller's headers only, no renewal), answered with its
   * status, headers and body: the transport of resumable uploads (resumable-upload.ts). XHR where
   * there is one, for upload progress (`onProgress`: bytes sent); fetch elsewhere.
   */
  async raw(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Blob | null,
    signal: AbortSignal,
    onProgress?: (loaded: number) => void,
  ): Promise<RawAnswer> {
    if (typeof XMLHttpRequest !== 'undefined')
      return xhrSend(method, url, headers, body, signal, (loaded) => onProgress?.(loaded));
    const response = await this.fetchImpl(url, { method, headers, body, signal });
    onProgress?.(body?.size ?? 0);
    return { ...fromFetch(response), header: (name) => response.headers.get(name) };
  }

  /** What a call would send now to say who calls: the token of the moment, or the anonymous headers. */
  async headersNow(): Promise<Record<string, string>> {
    const token = (await this.options.tokens?.getAccessToken()) ?? null;
    return this.withToken({}, token);
  }

  /** After a 401 of a call made outside this client: the shared renewal; whether a token came. */
  async renewSession(): Promise<boolean> {
    const tokens = this.options.tokens;
    if (!tokens?.refreshAccessToken) return false;
    return (await renew(tokens)) !== null;
  }

  /** Sends with the token of the moment; after a 401, one shared renewal and one retry. */
  private async authorised(
    options: Pick<RequestOptions, 'token'>,
    headers: Record<string, string>,
    send: (headers: Record<string, string>) => Promise<Answer>,
  ): Promise<Answer> {
    const tokens = options.token === undefined ? (this.options.tokens ?? null) : null;
    const token = tokens ? await tokens.getAccessToken() : (options.token ?? null);
    const answer = await send(this.withToken(headers, token));
    if (answer.status !== 401 || !token || !tokens?.refreshAccessToken) return answer;
    const renewed = await renew(tokens);
    return renewed ? send(this.withToken(headers, renewed)) : answer;
  }

  private withToken(headers: Record<string, string>, token: string | null) {
    return token
      ? { ...headers, Authorization: `Bearer ${token}` }
      : { ...this.options.anonymousHeaders, ...headers };
  }
}

let registered: AccessTokens | null = null;

/**
 * The signed-in session's tokens, read at call time: whatever session registered last, a visitor
 * (no token) while none has.
 */
export const sessionTokens: AccessTokens = {
  getAccessToken: () => registered?.getAccessToken() ?? Promise.resolve(null),
  refreshAccessToken: () => registered?.refreshAccessToken?.() ?? Promise.resolve(null),
};

/** The session registers its token source here; returns the unregister function. */
export function registerAccessTokens(tokens: AccessTokens): () => void {
  registered = tokens;
  return () => {
    if (registered === tokens) registered = null;
  };
}

/** The page's client: same origin, the registered session's token. */
export const http = new HttpClient({ tokens: sessionTokens });
