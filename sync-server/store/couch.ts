/**
 * The gateway's one way to the store: a nano client for CouchDB 3 (COUCHDB_URL) or the embedded
 * PouchDB Server. Creates the databases and Mango indexes idempotently at start.
 */
import { EventEmitter } from 'node:events';
import nano, { type DocumentScope, type ServerScope } from 'nano';
import type { Logger } from 'pino';
import {
  ALL_DATABASES,
  SINGLE_COPY_DATABASES,
  INDEXES,
  OWNED_COUNTED,
  OWNED_VIEW,
  ownedMapSource,
  type DatabaseName,
} from '@couchdb/design/databases';
import { BulkWriter } from './bulk-writer';
import { startEmbeddedStore, type EmbeddedStore } from './embedded';

export interface StoreOptions {
  /** CouchDB 3 server, e.g. https://couch.example:5984 (credentials in the URL or user/password). */
  couchUrl?: string | undefined;
  couchUser?: string | undefined;
  couchPassword?: string | undefined;
  /** Where the embedded store keeps its LevelDB files when couchUrl is unset. */
  dataDir: string;
  /** Prepended to every database name (lets test suites share one server). */
  prefix?: string;
  logger: Logger;
}

export interface Store {
  /** Base URL of the store (never sent to browsers). */
  url: string;
  embedded: boolean;
  /** The embedded store process, when this store started one (tests use it to simulate a crash). */
  embeddedProcess?: EmbeddedStore | undefined;
  server: ServerScope;
  db<D extends object = Record<string, unknown>>(name: DatabaseName): DocumentScope<D>;
  /** Document writes to a database, coalesced into _bulk_docs while one is on its way (bulk-writer.ts). */
  writer(name: DatabaseName): BulkWriter;
  dbName(name: DatabaseName): string;
  /**
   * Calls `listener` with every document written through this client (db, db.insert, destroy,
   * bulk, and the writers): the change feed then knows the write is this gateway's own, and
   * signed-in pulls wait for it (read-your-writes for REST actions too). Answers its removal.
   */
  onWrite(listener: (name: DatabaseName, id: string, rev: string) => void): () => void;
  /** Calls `listener` for every store request that got no answer (refused, reset); answers its removal. */
  onUnreachable(listener: () => void): () => void;
  /** Notes a request to the store that got no answer (for requests made without nano). */
  reportUnreachable(): void;
  close(): Promise<void>;
}

/** nano's document writes: their answers name each document written and its new revision. */
const WRITE_METHODS = new Set<string | symbol>(['insert', 'destroy', 'bulk']);

function withCredentials(url: string, user?: string, password?: string): string {
  if (!user) return url;
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password ?? '');
  return u.toString();
}

/** Status code of a nano error, or undefined for network-level failures. */
export function couchStatus(err: unknown): number | undefined {
  const e = err as { statusCode?: number; status?: number } | null;
  return e?.statusCode ?? e?.status;
}

/** Puts the owner-counting view (OWNED_VIEW) in place, or updates its map if it changed. */
async function ensureOwnedView(db: DocumentScope<object>, map: string): Promise<void> {
  const id = `_design/${OWNED_VIEW.ddoc}`;
  const want = { views: { [OWNED_VIEW.view]: { map, reduce: '_count' } } };
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = (await db.get(id).catch((err) => {
      if (couchStatus(err) === 404) return null;
      throw err;
    })) as { _rev?: string; views?: Record<string, { map?: string }> } | null;
    if (current?.views?.[OWNED_VIEW.view]?.map === map) return;
    try {
      await db.insert({ _id: id, ...(current?._rev ? { _rev: current._rev } : {}), ...want });
      return;
    } catch (err) {
      // Another gateway starting at the same moment put it first: read again.
      if (couchStatus(err) !== 409) throw err;
    }
  }
}

/** Creates database `dbName` if missing; `singleCopy`: one shard, one copy (SINGLE_COPY_DATABASES). */
async function ensureDatabase(
  server: ServerScope,
  dbName: string,
  singleCopy: boolean,
): Promise<void> {
  try {
    await server.db.create(dbName, singleCopy ? { n: 1, q: 1 } : undefined);
  } catch (err) {
    if (couchStatus(err) !== 412) throw err; // 412: already exists
  }
}

/** Opens the store (starting the embedded one if needed) and makes sure every database and index exists. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const prefix = options.prefix ?? '';
  let embedded: EmbeddedStore | undefined;
  let url: string;
  if (options.couchUrl) {
    url = withCredentials(
      options.couchUrl.replace(/\/+$/, ''),
      options.couchUser,
      options.couchPassword,
    );
  } else {
    embedded = await startEmbeddedStore(`${options.dataDir}/couch`, options.logger);
    url = embedded.url;
  }
  // parseUrl: false keeps a path in COUCHDB_URL (a CouchDB behind a reverse proxy) intact;
  // nano 11 reads it but its type declarations omit it.
  const unreachable = new EventEmitter().setMaxListeners(0);
  const server = nano({
    url,
    parseUrl: false,
    // nano logs each request and each answer; 'socket' is a request that got no answer.
    log: (entry: { err?: unknown } | undefined) => {
      if (entry?.err === 'socket') unreachable.emit('unreachable');
    },
  } as nano.Configuration);
  const dbName = (name: DatabaseName) => `${prefix}${name}`;

  try {
    for (const name of ALL_DATABASES) {
      await ensureDatabase(server, dbName(name), SINGLE_COPY_DATABASES.includes(name));
      for (const index of INDEXES[name] ?? []) {
        await server.use(dbName(name)).createIndex({
          index: { fields: index.fields },
          name: index.name,
          ddoc: `idx-${index.name}`,
          type: 'json',
        });
      }
      const counted = OWNED_COUNTED[name as keyof typeof OWNED_COUNTED];
      if (counted) await ensureOwnedView(server.use(dbName(name)), ownedMapSource(counted));
    }
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  options.logger.info({ embedded: Boolean(embedded), prefix }, 'store ready');
  const writers = new Map<DatabaseName, BulkWriter>();
  const written = new EventEmitter().setMaxListeners(0);
  const scopes = new Map<DatabaseName, DocumentScope<object>>();
  /** The database's nano scope, its writes' answers reported to onWrite's listeners. */
  const scopeOf = (name: DatabaseName): DocumentScope<object> => {
    let scope = scopes.get(name);
    if (!scope) {
      const note = (answer: unknown) => {
        for (const row of Array.isArray(answer) ? answer : [answer]) {
          const { id, rev, error } = (row ?? {}) as {
            id?: unknown;
            rev?: unknown;
            error?: unknown;
          };
          if (typeof id === 'string' && typeof rev === 'string' && !error)
            written.emit('write', name, id, rev);
        }
        return answer;
      };
      scope = new Proxy(server.use<object>(dbName(name)), {
        get(target, prop, receiver) {
          const value: unknown = Reflect.get(target, prop, receiver);
          if (typeof value !== 'function' || !WRITE_METHODS.has(prop)) return value;
          return (...args: unknown[]) =>
            (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).then(note);
        },
      });
      scopes.set(name, scope);
    }
    return scope;
  };

  return {
    url,
    embedded: Boolean(embedded),
    embeddedProcess: embedded,
    server,
    db: <D extends object>(name: DatabaseName) => scopeOf(name) as unknown as DocumentScope<D>,
    writer: (name) => {
      let writer = writers.get(name);
      if (!writer) {
        writer = new BulkWriter(scopeOf(name));
        writers.set(name, writer);
      }
      return writer;
    },
    dbName,
    onWrite: (listener) => {
      written.on('write', listener);
      return () => written.off('write', listener);
    },
    onUnreachable: (listener) => {
      unreachable.on('unreachable', listener);
      return () => unreachable.off('unreachable', listener);
    },
    reportUnreachable: () => unreachable.emit('unreachable'),
    close: async () => {
      await embedded?.stop();
    },
  };
}
