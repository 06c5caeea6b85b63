/**
 * A small HTTP proxy for fault tests: sits between a client and a server (a device and the gateway,
 * or the gateway and the store) and, per request, passes it on, answers 500 without passing it on,
 * drops the connection before passing it on, or passes it on and drops the connection instead of
 * answering (the server acted, the client never learns). `kill()` makes it behave like a dead host.
 */
import {
  createServer,
  request,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FaultAction = 'pass' | 'fail-500' | 'drop' | 'drop-response';

export interface FaultProxyOptions {
  /**
   * Where requests go, e.g. http://127.0.0.1:5984 (no path). Credentials in it stay on `url`, so a
   * client given `url` signs in to the target as it would directly (CouchDB answers 401 otherwise).
   */
  target: string;
  /** What to do with the n-th request (1-based); runs before anything is forwarded. */
  decide?: (req: IncomingMessage, n: number) => FaultAction;
  /**
   * Called once the server has answered a passed request in full: its answer is held until the
   * promise settles (a late host). Answers are then passed whole; event streams are not held.
   */
  holdAnswer?: (req: IncomingMessage) => Promise<void> | undefined;
}

export interface FaultProxy {
  url: string;
  /** Requests received so far. */
  readonly requests: number;
  /** How many requests were answered with each fault. */
  readonly faults: Record<Exclude<FaultAction, 'pass'>, number>;
  /** From now on every connection is cut at once, open ones included (a crashed host). */
  kill(): void;
  close(): Promise<void>;
}

/** Fails every `n`-th request, cycling through 500, a dropped request and a lost response. */
export function everyNth(n: number): (req: IncomingMessage, count: number) => FaultAction {
  const faults: FaultAction[] = ['fail-500', 'drop', 'drop-response'];
  return (_req, count) => (count % n === 0 ? faults[(count / n - 1) % faults.length]! : 'pass');
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const sockets = new Set<Socket>();
  const inFlight = new Set<ClientRequest>();
  const faults = { 'fail-500': 0, drop: 0, 'drop-response': 0 };
  let requests = 0;
  let dead = false;

  const forward = (req: IncomingMessage, res: ServerResponse, dropResponse: boolean) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        if (dropResponse) {
          // Let the server finish, then lose its answer (an event stream never finishes: lose it now).
          answer.resume();
          if (String(answer.headers['content-type']).startsWith('text/event-stream')) {
            upstream.destroy();
            req.socket.destroy();
          } else {
            answer.on('end', () => req.socket.destroy());
          }
          return;
        }
        const { holdAnswer } = options;
        if (!holdAnswer || String(answer.headers['content-type']).startsWith('text/event-stream')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        // A long-poll may send its headers at once and its body later: hold the whole answer.
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const pass = () => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          };
          const held = holdAnswer(req);
          if (held) void held.then(pass, pass);
          else pass();
        });
      },
    );
    inFlight.add(upstream);
    upstream.on('close', () => inFlight.delete(upstream));
    upstream.on('error', () => req.socket.destroy());
    res.on('close', () => {
      if (!res.writableFinished && !dropResponse) upstream.destroy();
    });
    req.pipe(upstream);
  };

  const server = createServer((req, res) => {
    requests++;
    if (dead) {
      req.socket.destroy();
      return;
    }
    const action = options.decide?.(req, requests) ?? 'pass';
    if (dead) {
      // decide() killed the host: this request dies with it.
      req.socket.destroy();
      return;
    }
    switch (action) {
      case 'pass':
        return forward(req, res, false);
      case 'drop-response':
        faults[action]++;
        return forward(req, res, true);
      case 'fail-500':
        faults[action]++;
        req.resume();
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'internal', message: 'injected fault' } }));
        return;
      case 'drop':
        faults[action]++;
        req.socket.destroy();
        return;
    }
  });
  server.on('connection', (socket) => {
    if (dead) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  function kill() {
    dead = true;
    for (const socket of sockets) socket.destroy();
    for (const upstream of inFlight) upstream.destroy();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: urlWithCredentialsOf(target, port),
    get requests() {
      return requests;
    },
    faults,
    kill,
    close: () =>
      new Promise<void>((resolve) => {
        kill();
        server.close(() => resolve());
      }),
  };
}

function urlWithCredentialsOf(target: URL, port: number): string {
  const url = new URL(`http://127.0.0.1:${port}`);
  url.username = target.username;
  url.password = target.password;
  return url.toString().replace(/\/$/, '');
}
