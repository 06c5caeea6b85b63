/**
 * The device's one Server-Sent-Events stream (GET /api/sync/stream, architecture §5), read with fetch
 * because EventSource cannot send the Authorization header. `resync` pokes every collection,
 * `change` the named one; each then pulls from its own checkpoint. Reconnects with backoff; the
 * token and its renewal on a 401 go through the one HTTP module (sync-http.ts).
 */
import { STREAM_EVENTS, STREAM_HEARTBEAT_MS, STREAM_LIMITS } from '@couchdb/model/sync';
import { Backoff, sleep, type BackoffPolicy } from '@client/lib/backoff';
import type { ApiError } from '@client/lib/http';
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

/** Reconnect waits: from 1 s, doubling, up to 30 s. */
const RECONNECT: BackoffPolicy = { baseMs: 1_000, maxMs: 30_000 };
/** No byte (not even a heartbeat) for this long means the connection is dead. */
const SILENCE_LIMIT_MS = 2 * STREAM_HEARTBEAT_MS + 5_000;
/**
 * The gateway sends its first event at once; without it by then the connection is half-open
 * (a proxy holding it, an answer lost on the way), so give up and reconnect rather than sit deaf.
 */
const FIRST_EVENT_LIMIT_MS = 10_000;

export class SyncStream {
  /** Aborts the running connect loop (and its connection) on stop. */
  private run: AbortController | null = null;
  private readonly backoff = new Backoff(RECONNECT);
  private state: StreamState = 'idle';
  /** The gateway's asked-for wait after a refusal (too many streams), taken before reconnecting. */
  private refusedForMs = 0;

  constructor(
    private readonly http: SyncHttp,
    private readonly handlers: SyncStreamHandlers,
  ) {}

  get current(): StreamState {
    return this.state;
  }

  start(): void {
    if (this.run) return;
    const run = new AbortController();
    this.run = run;
    this.backoff.reset();
    void this.loop(run.signal);
  }

  stop(): void {
    this.run?.abort();
    this.run = null;
    this.setState('closed');
  }

  private setState(state: StreamState): void {
    if (state === this.state) return;
    this.state = state;
    this.handlers.onState?.(state);
  }

  /** Connects, and after every loss waits (backoff) and connects again, until stopped. */
  private async loop(stopped: AbortSignal): Promise<void> {
    while (!stopped.aborted) {
      await this.connect(stopped);
      if (stopped.aborted) return;
      this.setState('connecting');
      const wait = Math.max(this.backoff.next(), this.refusedForMs);
      this.refusedForMs = 0;
      try {
        await sleep(wait, stopped);
      } catch {
        return;
      }
    }
  }

  /** One connection, read until it ends, fails or falls silent. */
  private async connect(stopped: AbortSignal): Promise<void> {
    this.setState('connecting');
    const controller = new AbortController();
    const onStop = () => controller.abort();
    stopped.addEventListener('abort', onStop, { once: true });
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
      const response = await this.http.stream('/api/sync/stream', {
        signal: controller.signal,
        headers: { Accept: 'text/event-stream' },
        // A background channel that stays open for good: it must not compete with the page's own
        // requests, and tools that wait for the page to settle (Lighthouse) do not wait on it.
        init: { cache: 'no-store', priority: 'low' },
      });
      watch();
      const reader = response.body!.getReader();
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
          this.backoff.reset();
        }
        watch();
        for (const ev of events) this.dispatch(ev);
      }
    } catch (err) {
      // Too many streams open (other tabs, neighbours behind one address): wait the gateway's
      // Retry-After (STREAM_LIMITS), polling meanwhile, rather than retry within seconds.
      if ((err as ApiError).status === 429)
        this.refusedForMs = STREAM_LIMITS.retryAfterSeconds * 1e3;
      if (!controller.signal.aborted) console.warn('sync stream failed', err);
    } finally {
      if (silence !== undefined) clearTimeout(silence);
      stopped.removeEventListener('abort', onStop);
    }
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
