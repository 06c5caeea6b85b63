/**
 * Devices' pulls served a few per turn of the event loop (architecture §11). Served as they arrive, the
 * pulls of hundreds of devices all run in the turn that reads them off the network: a turn then
 * lasts as long as all of their work (about 100 ms for 200 devices here), and every other request
 * waits a whole turn at each of its steps. A push has several (its write to the store, then the
 * log entry, then its answer): it took 400–1,500 ms beside 200 pulling devices, its store's own
 * work about 10 ms of that. Here pulls wait in one queue, first come first served, and at most
 * PULLS_PER_TURN run between two looks at the network, so the other requests' steps go on in
 * between. No pull is dropped or reordered, and each costs the same work as before.
 *
 * New connections come first. libuv (1.45 on) accepts one connection per turn of the loop, so 200
 * devices connecting at once (an up-to-date poke after a quiet spell: their kept-alive connections
 * have closed) are let in one a turn, while the devices already let in pull again and again: the
 * last ones waited for nearly all of the burst's work, 300–400 ms, before their first request was
 * even read (the gateway's own time for it under 15 ms). So a turn that follows a new connection
 * serves PULLS_PER_TURN_ACCEPTING pulls only, and the loop comes back for the next connection at
 * once; once no connection is waiting, turns serve PULLS_PER_TURN again.
 */
import type { RequestHandler } from 'express';

/** Pulls served in one turn of the event loop at most (a memory pull takes about 0.3–0.6 ms here). */
export const PULLS_PER_TURN = 48;
/** Pulls served in a turn that follows a new connection: more may be waiting to be let in. */
export const PULLS_PER_TURN_ACCEPTING = 1;

export class PullQueue {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;
  /** A connection was let in since the last turn. */
  private accepted = false;

  constructor(
    private readonly perTurn = PULLS_PER_TURN,
    private readonly perTurnAccepting = PULLS_PER_TURN_ACCEPTING,
  ) {}

  /** A connection was let in (the server's 'connection' event): the next turn is a short one. */
  connectionAccepted(): void {
    this.accepted = true;
  }

  /** Runs `serve` in a later turn, after the pulls queued before it. */
  defer(serve: () => void): void {
    this.waiting.push(serve);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.turn);
    }
  }

  /** Pulls waiting now. */
  get length(): number {
    return this.waiting.length;
  }

  // setImmediate runs after the turn's network callbacks; one scheduled from here runs in the next turn.
  private readonly turn = (): void => {
    const count = this.accepted ? this.perTurnAccepting : this.perTurn;
    this.accepted = false;
    for (const serve of this.waiting.splice(0, count)) serve();
    if (this.waiting.length > 0) setImmediate(this.turn);
    else this.scheduled = false;
  };

  /** Express middleware: requests `isQueued` says are pulls go on through the queue. */
  middleware(isQueued: (req: Parameters<RequestHandler>[0]) => boolean): RequestHandler {
    return (req, _res, next) => {
      if (!isQueued(req)) return next();
      this.defer(() => {
        // A device gone while its pull waited gets no work done for it.
        if (!req.socket.destroyed) next();
      });
    };
  }
}
