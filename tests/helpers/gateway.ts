/**
 * The real gateway as a separate process, for e2e tests: `sync-server/index.ts` in production mode
 * serving the built PWA from dist/ (run `npm run build` first; `npm run test:e2e` does).
 * By default it uses the run's store (see store-global-setup.ts) in databases of its own;
 * `embedded: true` makes it start its own embedded store in a temp data dir, exactly like `npm start`.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const ENTRY = fileURLToPath(new URL('../../sync-server/index.ts', import.meta.url));

export interface RunningGateway {
  url: string;
  dataDir: string;
  /** The gateway's process (its CPU time is in /proc/<pid>/stat). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface GatewayOptions {
  /** Start its own embedded store (and seed demo data) instead of sharing the run's store. */
  embedded?: boolean;
  /** Reuse a data dir (e.g. to test a restart); removed on stop only when created here. */
  dataDir?: string;
  env?: Record<string, string>;
}

export async function startGateway(options: GatewayOptions = {}): Promise<RunningGateway> {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'cj-e2e-')));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    ...options.env,
  };
  delete env.COUCHDB_URL;
  if (!options.embedded) {
    env.COUCHDB_URL = inject('couchUrl');
    env.DB_PREFIX = `e${randomBytes(5).toString('hex')}_`;
    env.JWT_SECRET = randomBytes(32).toString('hex');
  }
  const child = fork(ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('gateway did not start within 60 s')), 60_000);
    child.on('message', (msg: { type?: string; port?: number }) => {
      if (msg?.type === 'listening' && msg.port) {
        clearTimeout(timer);
        resolve(msg.port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited during start-up (code ${code})`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
