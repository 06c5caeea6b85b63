/**
 * The floor for the gateway benches: a plain Node HTTP server, in a process of its own as the
 * gateway is, answering every request with one recorded answer of the gateway (its headers and its
 * bytes). Under the same load it shows what the machine, the loopback and the load generator cost
 * before the gateway does any work.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

export interface RecordedAnswer {
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers Node's server writes itself for each answer. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** GETs `url` once and keeps its answer as sent (not decompressed), to be replayed. */
export function recordAnswer(
  url: string,
  headers: Record<string, string> = {},
): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (typeof value === 'string' && !OWN_HEADERS.has(name)) kept[name] = value;
          resolve({ headers: kept, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the bare server answering `answer` to every request, after spending `busyMs` of CPU on it
 * (0: at once; the gateway's CPU a request: a server as busy as the gateway, doing nothing else).
 */
export async function startBareServer(answer: RecordedAnswer, busyMs = 0): Promise<BareServer> {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { execArgv: ['--import', 'tsx'] });
  child.send({ headers: answer.headers, body: answer.body.toString('base64'), busyMs });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(m as number));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

if (process.argv[2] === 'serve') {
  process.once(
    'message',
    (m: { headers: Record<string, string>; body: string; busyMs: number }) => {
      const body = Buffer.from(m.body, 'base64');
      const server = http.createServer((_req, res) => {
        const until = performance.now() + m.busyMs;
        while (performance.now() < until); // the CPU the gateway spends on a request
        res.writeHead(200, m.headers);
        res.end(body);
      });
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        process.send!(typeof address === 'object' && address ? address.port : 0);
      });
      process.on('SIGTERM', () => server.close(() => process.exit(0)));
    },
  );
}
