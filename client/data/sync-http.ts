/**
 * HTTP to the gateway's sync endpoints, usable in the browser (same origin) and in Node tests
 * (a base URL). The Bearer token is read at call time, so a refreshed token is used at once;
 * a 401 asks the session for a new token once and retries.
 */
import { DEVICE_ID_HEADER } from '@couchdb/model/sync';

export interface SyncAuth {
  /** The current access token, or null for a visitor. */
  getAccessToken(): Promise<string | null>;
  /** A renewed token after a 401, or null when the session is over. */
  refreshAccessToken?(): Promise<string | null>;
  /** The visitor's device id for counter calls (DEVICE_ID_HEADER). */
  deviceId?: string;
}

export interface SyncHttpOptions extends SyncAuth {
  /** '' for the same origin; `http://127.0.0.1:port` in Node tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Give up on a request after this long (the replication retries). */
  timeoutMs?: number;
}

/** A failed sync call; `status` 0 means no answer arrived. */
export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SyncHttpError';
  }
}

export class SyncHttp {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: SyncHttpOptions) {
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  async headers(token: string | null, extra: Record<string, string> = {}): Promise<Headers> {
    const headers = new Headers({ Accept: 'application/json', ...extra });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else if (this.options.deviceId) headers.set(DEVICE_ID_HEADER, this.options.deviceId);
    return headers;
  }

  getAccessToken(): Promise<string | null> {
    return this.options.getAccessToken();
  }

  /** A renewed token, or null when there is no session to renew. */
  refreshAccessToken(): Promise<string | null> {
    return this.options.refreshAccessToken?.() ?? Promise.resolve(null);
  }

  /** fetch as configured (Node tests inject one). */
  fetch(url: string, init: RequestInit): Promise<Response> {
    return this.fetchImpl(url, init);
  }

  /** JSON request with the current token; one renewal and retry on 401. */
  async json<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let token = await this.options.getAccessToken();
    let response = await this.send(method, path, token, body);
    if (response.status === 401 && token !== null && this.options.refreshAccessToken) {
      token = await this.options.refreshAccessToken();
      if (token) response = await this.send(method, path, token, body);
    }
    if (!response.ok) {
      let code = 'http_error';
      let message = `HTTP ${response.status}`;
      try {
        const err = (await response.json()) as { error?: { code?: string; message?: string } };
        code = err.error?.code ?? code;
        message = err.error?.message ?? message;
      } catch {
        // No JSON error body: keep the status text.
      }
      throw new SyncHttpError(response.status, code, `${method} ${path}: ${message}`);
    }
    return (await response.json()) as T;
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    token: string | null,
    body: unknown,
  ): Promise<Response> {
    const extra: Record<string, string> =
      body === undefined ? {} : { 'Content-Type': 'application/json' };
    try {
      return await this.fetchImpl(this.url(path), {
        method,
        headers: await this.headers(token, extra),
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (err) {
      throw new SyncHttpError(0, 'network_error', `${method} ${path}: ${String(err)}`);
    }
  }
}
