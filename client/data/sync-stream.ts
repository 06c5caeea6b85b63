/**
 * The device's one Server-Sent-Events stream (GET /api/sync/stream, DESIGN §5), read with fetch
 * because EventSource cannot send the Authorization header. `resync` pokes every collection,
 * `change` the named one; each then pulls from its own checkpoint. Reconnects with backoff.
 */
import { STREAM_EVENTS, STREAM_HEARTBEAT_MS } from '@couchdb/model/sync';
import type { SyncHttp } from './sync-http';

export type StreamState = 'idle' | 'connecting' | 'open' | 'closed';

export interface SyncStreamHandlers {
  onResync(): void;
  onChange(collection: string): void;
  onState?(state: StreamState): void;
}

export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Parses SSE text incrementally: feed chunks, get complete events. Comment lines (`:`) are
 * heartbeats; `event:` defaults to 'message'; multiple `data:` lines join with '\n'.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  feed(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const out: SseEvent[] = [];
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      const skip = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + skip);
      if (line === '') {
        if (this.data.length > 0 || this.event) {
          out.push({ event: this.event || 'message', data: this.data.join('\n') });
        }
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
    }
    return out;
  }
}

const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** No byte (not even a heartbeat) for this long means the connection is dead. */
const SILENCE_LIMIT_MS = 2 * STREAM_HEARTBEAT_MS + 5_000;
/**
 * The gateway sends its first event at once; without it by then the connection is half-open
 * (a proxy holding it, an answer lost on the way), so give up and reconnect rather than sit deaf.
 */
const FIRST_EVENT_LIMIT_MS = 10_000;

export class SyncStream {
  private controller: AbortController | null = null;
  private running = false;
  private retryDelay = RETRY_BASE_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private state: StreamState = 'idle';

  constructor(
    private readonly http: SyncHttp,
    private readonly handlers: SyncStreamHandlers,
  ) {}

  get current(): StreamState {
    return this.state;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.retryDelay = RETRY_BASE_MS;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.controller?.abort();
    this.controller = null;
    this.setState('closed');
  }

  private setState(state: StreamState): void {
    if (state === this.state) return;
    this.state = state;
    this.handlers.onState?.(state);
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    this.setState('connecting');
    const controller = new AbortController();
    this.controller = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    let heard = false;
    const watch = () => {
      if (silence !== undefined) clearTimeout(silence);
      silence = setTimeout(
        () => controller.abort(),
        heard ? SILENCE_LIMIT_MS : FIRST_EVENT_LIMIT_MS,
      );
    };
    try {
      // The watchdog covers the wait for the answer too: a gateway that accepts the connection
      // but never answers would otherwise leave the stream "connecting" for good.
      watch();
      let token = await this.http.getAccessToken();
      let response = await this.open(token, controller.signal);
      if (response.status === 401 && token) {
        token = await this.http.refreshAccessToken();
        if (token) response = await this.open(token, controller.signal);
      }
      if (!response.ok || !response.body) throw new Error(`sync stream: HTTP ${response.status}`);
      watch();
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parser = new SseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const events = parser.feed(decoder.decode(value, { stream: true }));
        if (!heard && events.length > 0) {
          // Open only once the gateway has spoken: the connection really carries events.
          heard = true;
          this.setState('open');
          this.retryDelay = RETRY_BASE_MS;
        }
        watch();
        for (const ev of events) this.dispatch(ev);
      }
    } catch (err) {
      if (this.running && !controller.signal.aborted) console.warn('sync stream failed', err);
    } finally {
      if (silence !== undefined) clearTimeout(silence);
    }
    if (!this.running || this.controller !== controller) return;
    this.setState('connecting');
    this.retryTimer = setTimeout(() => void this.connect(), this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
  }

  private async open(token: string | null, signal: AbortSignal): Promise<Response> {
    const headers = await this.http.headers(token, { Accept: 'text/event-stream' });
    return this.http.fetch(this.http.url('/api/sync/stream'), {
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      // A background channel that stays open for good: it must not compete with the page's own
      // requests, and tools that wait for the page to settle (Lighthouse) do not wait on it.
      priority: 'low',
      signal,
    });
  }

  private dispatch(ev: SseEvent): void {
    if (ev.event === STREAM_EVENTS.resync) {
      this.handlers.onResync();
    } else if (ev.event === STREAM_EVENTS.change) {
      try {
        const { collection } = JSON.parse(ev.data) as { collection?: unknown };
        if (typeof collection === 'string') this.handlers.onChange(collection);
      } catch {
        console.warn('sync stream: bad change event', ev.data);
      }
    }
  }
}
