/**
 * The gateway's sync endpoints over the one HTTP module (client/lib/http.ts), usable in the browser
 * (same origin) and in Node tests (a base URL). The Bearer token is read at call time, so a
 * refreshed token is used at once; a 401 renews it once and retries; failures are ApiErrors.
 */
import { DEVICE_ID_HEADER } from '@couchdb/model/sync';
import { HttpClient, type AccessTokens, type StreamOptions } from '@client/lib/http';

export interface SyncAuth extends AccessTokens {
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

const SYNC_TIMEOUT_MS = 30_000;

export class SyncHttp {
  /** The client the device's other calls share (uploads). */
  readonly client: HttpClient;

  constructor(options: SyncHttpOptions) {
    const { baseUrl, fetch, timeoutMs, deviceId } = options;
    this.client = new HttpClient({
      baseUrl,
      fetch,
      tokens: options,
      timeoutMs: timeoutMs ?? SYNC_TIMEOUT_MS,
      anonymousHeaders: deviceId ? { [DEVICE_ID_HEADER]: deviceId } : undefined,
    });
  }

  get baseUrl(): string {
    return this.client.baseUrl;
  }

  /** A JSON sync call with the current token. */
  json<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    return this.client.json<T>(path, { method, body });
  }

  /** The headers a sync call sends now (the token of the moment), for a fetch made elsewhere. */
  headers(): Promise<Record<string, string>> {
    return this.client.headersNow();
  }

  /** The open event stream's answer (see sync-stream.ts). */
  stream(path: string, options: StreamOptions): Promise<Response> {
    return this.client.stream(path, options);
  }
}
