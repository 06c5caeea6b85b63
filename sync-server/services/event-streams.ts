/**
 * The device event streams this gateway holds open (GET /api/sync/stream): counted for the metrics,
 * and ended together when the gateway shuts down, each with a reconnect hint, so devices come back
 * (to another gateway behind the balancer, or to this one restarted) instead of waiting for silence.
 */
export class EventStreams {
  private readonly open = new Set<() => void>();
  private ending = false;

  /** Open streams now. */
  get size(): number {
    return this.open.size;
  }

  /** Whether streams are being ended (no new one is taken). */
  get closed(): boolean {
    return this.ending;
  }

  /** Holds a stream; `end` finishes it. Answers its removal (call when the stream closes). */
  add(end: () => void): () => void {
    this.open.add(end);
    return () => this.open.delete(end);
  }

  /** Ends every open stream and refuses new ones. */
  endAll(): void {
    this.ending = true;
    for (const end of [...this.open]) end();
    this.open.clear();
  }
}
