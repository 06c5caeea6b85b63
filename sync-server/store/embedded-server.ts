/**
 * The embedded store: PouchDB Server (express-pouchdb on PouchDB 9 + LevelDB) in its own Express 4
 * app, bound to loopback. Runs as a child process of the gateway (see embedded.ts); it breaks under
 * Express 5 and a bad request can reject unhandled inside it, so it never shares the gateway's process.
 *
 * Usage: node --unhandled-rejections=warn --import tsx embedded-server.ts <dataDir> [port]
 * Reports `{type: 'ready', port}` over IPC (or prints `ready <port>` when run by hand).
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const require = createRequire(import.meta.url);
const express = require('express4') as typeof import('express4');
/** The little of PouchDB's API used here (its published types leak global Buffer changes). */
interface PouchStatic {
  defaults(options: { prefix: string }): PouchStatic;
}
const PouchDB = require('pouchdb') as PouchStatic;
const expressPouchDB = require('express-pouchdb') as (
  pouch: PouchStatic,
  opts: Record<string, unknown>,
) => import('express4').Express;

const dataDir = path.resolve(process.argv[2] ?? 'data/couch');
const port = Number(process.argv[3] ?? 0);
mkdirSync(dataDir, { recursive: true });

const LocalPouch = PouchDB.defaults({ prefix: dataDir + path.sep });
const app = express();
app.use(
  expressPouchDB(LocalPouch, {
    mode: 'minimumForPouchDB',
    // Only the gateway reads it, over loopback: gzip there would cost both processes CPU for nothing.
    overrideMode: { include: ['routes/find'], exclude: ['compression'] },
    configPath: path.join(dataDir, 'config.json'),
    logPath: path.join(dataDir, 'log.txt'),
  }),
);

const server = app.listen(port, '127.0.0.1', () => {
  const actual = (server.address() as AddressInfo).port;
  if (process.send) process.send({ type: 'ready', port: actual });
  else console.warn(`ready ${actual}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  // Open _changes feeds keep sockets alive; don't wait for them forever.
  setTimeout(() => process.exit(0), 2000).unref();
  server.closeAllConnections?.();
}
// Ctrl-C reaches the whole process group: under the gateway, the gateway stops this store itself,
// after its last write (the gateway's shutdown); run by hand, Ctrl-C stops it.
process.on('SIGINT', () => {
  if (!process.connected) shutdown();
});
process.on('SIGTERM', shutdown);
process.on('disconnect', shutdown);
process.on('unhandledRejection', (reason) => {
  console.warn('[embedded-store] unhandled rejection:', reason);
});
