/**
 * Starts and supervises the embedded store (embedded-server.ts) as a child process on loopback.
 * The gateway uses it only when COUCHDB_URL is unset. A crashed store is restarted on the same port,
 * so the URL the gateway holds stays valid.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

/** Compiled (dist-server/, run by node) the store's script is JavaScript beside this module; else tsx runs it. */
const COMPILED = import.meta.url.endsWith('.js');
const SCRIPT = fileURLToPath(
  new URL(COMPILED ? './embedded-server.js' : './embedded-server.ts', import.meta.url),
);
const EXEC_ARGV = ['--unhandled-rejections=warn', ...(COMPILED ? [] : ['--import', 'tsx'])];
const READY_TIMEOUT_MS = 30_000;

export interface EmbeddedStore {
  url: string;
  /** The store process's pid (changes when the supervisor restarts it). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

function launch(
  dataDir: string,
  port: number,
  logger: Logger,
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(SCRIPT, [dataDir, String(port)], {
      execArgv: EXEC_ARGV,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`embedded store did not start within ${READY_TIMEOUT_MS} ms`));
    }, READY_TIMEOUT_MS);
    const forward = (level: 'info' | 'warn') => (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) logger[level]({ store: 'embedded' }, line);
    };
    child.stdout?.on('data', forward('info'));
    child.stderr?.on('data', forward('warn'));
    child.once('message', (msg: { type?: string; port?: number }) => {
      if (msg?.type === 'ready' && msg.port) {
        clearTimeout(timer);
        resolve({ child, port: msg.port });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`embedded store exited before it was ready (code ${code}, signal ${signal})`),
      );
    });
  });
}

/** Starts PouchDB Server on 127.0.0.1 with its LevelDB files in `dataDir`, waits until it answers. */
export async function startEmbeddedStore(dataDir: string, logger: Logger): Promise<EmbeddedStore> {
  let stopping = false;
  const first = await launch(dataDir, 0, logger);
  const port = first.port;
  let child = first.child;
  logger.info({ port, dataDir }, 'embedded store started');

  const supervise = (proc: ChildProcess) => {
    proc.once('exit', (code, signal) => {
      if (stopping) return;
      logger.error({ code, signal }, 'embedded store exited; restarting');
      const retry = (attempt: number) => {
        launch(dataDir, port, logger).then(
          (next) => {
            child = next.child;
            supervise(child);
            logger.info({ port }, 'embedded store restarted');
          },
          (err) => {
            logger.error({ err, attempt }, 'embedded store restart failed');
            if (!stopping)
              setTimeout(() => retry(attempt + 1), Math.min(1000 * attempt, 10_000)).unref();
          },
        );
      };
      retry(1);
    });
  };
  supervise(child);

  return {
    url: `http://127.0.0.1:${port}`,
    pid: () => child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
