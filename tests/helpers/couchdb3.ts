/**
 * Throw-away Apache CouchDB 3 nodes for the couchdb3 test project, started and stopped with
 * scripts/couchdb3.sh from the installed release (COUCHDB_HOME, default /opt/couchdb).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../scripts/couchdb3.sh');

export interface CouchDb3 {
  /** The first node's URL with the admin's credentials. */
  url: string;
  /** The first node's URL without credentials. */
  origin: string;
  /** Node i's URL (1-based) with the admin's credentials: each node coordinates requests itself. */
  nodeUrl(i: number): string;
  /** Node i's folder (1-based): its data, log and pid. */
  nodeDir(i: number): string;
  /** Node i dies at once (SIGKILL), as a crashed host. */
  kill(i: number): Promise<void>;
  /** Node i starts again on its data and answers. */
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

/** A free block of loopback ports: `count` HTTP ports and their node-local ports 100 above. */
async function freePortBlock(count: number): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const ports = Array.from({ length: count }, (_, i) => [base + i, base + 100 + i]).flat();
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function startCouchDb3(nodes: 1 | 3 = 1): Promise<CouchDb3> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cj-couchdb3-'));
  const port = await freePortBlock(nodes);
  const { stdout } = await run(script, [
    'start',
    dir,
    '--nodes',
    String(nodes),
    '--port',
    String(port),
  ]);
  const url = /COUCHDB_URL=(\S+)/.exec(stdout)?.[1];
  if (!url) throw new Error(`couchdb3.sh printed no URL: ${stdout}`);
  return {
    url,
    origin: new URL(url).origin,
    nodeUrl: (i) => {
      const node = new URL(url);
      node.port = String(port + i - 1);
      return node.toString().replace(/\/$/, '');
    },
    nodeDir: (i) => path.join(dir, `node${i}`),
    kill: async (i) => void (await run(script, ['kill', dir, String(i)])),
    restart: async (i) => void (await run(script, ['restart', dir, String(i)])),
    stop: async () => {
      await run(script, ['stop', dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
