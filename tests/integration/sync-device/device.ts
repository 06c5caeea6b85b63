/**
 * A device for the sync tests: the real data layer (RxDB + Dexie) on fake-indexeddb in Node, each
 * device with an IndexedDB of its own (so two devices of one user can hold the same database).
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, type RxStorage } from 'rxdb';
import { RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import {
  databaseNameFor,
  openDatabase,
  type CollectionName,
  type DeviceDatabase,
} from '../../../client/data/storage/database';
import { RefusalLedger } from '../../../client/data/sync/refusals';
import { DeviceSync } from '../../../client/data/sync/device-sync';
import type { RetryPolicy, SyncRole } from '../../../client/data/sync/replication';
import { SyncHttp } from '../../../client/data/sync/sync-http';
import { SyncStatusStore } from '../../../client/data/sync/sync-status';
import type { BulkPuller } from '@client/data/sync/bulk-pull';
import { deviceStorage } from '@client/data/storage/device-storage';
import {
  bulkPullerOf,
  connectDeviceStorage,
  exposeDeviceStorage,
} from '@client/data/storage/storage-channel';

addRxPlugin(RxDBDevModePlugin);

export interface DeviceOptions {
  url: string;
  role: SyncRole;
  userId?: string;
  token?: string;
  collections?: readonly CollectionName[];
  /** Distinguishes two devices of one identity in one process (RxDB closes same-named duplicates). */
  tag?: string;
  /** The device's fetch (a test may watch its requests). */
  fetch?: typeof fetch;
  /** No change stream: the device pulls only when the replication itself asks. */
  stream?: boolean;
  /**
   * The storage across a message channel, as the app runs it in its worker (storage-channel.ts),
   * with the worker side's catch-up pulls made by `fetch` (global fetch if not given).
   */
  worker?: { fetch?: typeof fetch };
}

/** The identity options of a device signed in as `who` (its role, user id and access token). */
export function signedInAs(who: {
  user: { id: string; user_type: SyncRole };
  accessToken: string;
}): Pick<DeviceOptions, 'role' | 'userId' | 'token'> {
  return { role: who.user.user_type, userId: who.user.id, token: who.accessToken };
}

/** One device's IndexedDB and database; `startSync`/`close`/`reopen` as a device would. */
export class TestDevice {
  readonly indexedDB = new IDBFactory();
  readonly status = new SyncStatusStore();
  db!: DeviceDatabase;
  sync: DeviceSync | null = null;
  ledger = new RefusalLedger();
  token: string | null;
  /** The worker side's catch-up pull (with `worker`). */
  bulkPull: BulkPuller | null = null;
  private closeChannel: (() => void) | null = null;

  constructor(private readonly options: DeviceOptions) {
    this.token = options.token ?? null;
  }

  get name(): string {
    const base = this.options.userId
      ? databaseNameFor({ kind: 'user', userId: this.options.userId })
      : databaseNameFor({ kind: 'anon' });
    return this.options.tag ? `${base}_${this.options.tag}` : base;
  }

  async open(): Promise<this> {
    const dexie = deviceStorage({ indexedDB: this.indexedDB, IDBKeyRange });
    let base = dexie;
    this.bulkPull = null;
    const worker = this.options.worker;
    if (worker) {
      const { port1, port2 } = new MessageChannel();
      exposeDeviceStorage(port1 as never, dexie, worker.fetch);
      base = (await connectDeviceStorage(port2 as never))!;
      this.bulkPull = bulkPullerOf(base);
      this.closeChannel = () => (port1.close(), port2.close());
    }
    const storage = wrappedValidateAjvStorage({ storage: base }) as RxStorage<unknown, unknown>;
    this.ledger = new RefusalLedger();
    const ledger = this.ledger;
    this.db = await openDatabase({
      name: this.name,
      storage,
      multiInstance: false,
      collections: this.options.collections,
      conflicts: {
        isAdmin: () => this.options.role === 'admin',
        takeServerVersion: (c, id) => ledger.takeServerVersion(c, id),
        keep: (input) => ledger.keep(input),
      },
    });
    ledger.attach(this.db.collections.refused ?? null);
    return this;
  }

  /** Starts replication (and the stream) against the gateway; `retry` replaces the quick test one. */
  startSync(retry: RetryPolicy = { baseMs: 200, maxMs: 2_000 }): DeviceSync {
    const http = new SyncHttp({
      baseUrl: this.options.url,
      fetch: this.options.fetch,
      getAccessToken: async () => this.token,
      deviceId: `dev-${this.name}`,
    });
    this.sync = new DeviceSync(this.db, {
      http,
      role: this.options.role,
      ledger: this.ledger,
      status: this.status,
      retry,
      pullLimit: 100,
      stream: this.options.stream,
      bulkPull: this.bulkPull,
    });
    return this.sync;
  }

  async close(): Promise<void> {
    await this.sync?.stop();
    this.sync = null;
    await this.db.close();
    this.closeChannel?.();
    this.closeChannel = null;
  }

  async reopen(): Promise<this> {
    await this.close();
    return this.open();
  }
}

const hadNavigator = 'navigator' in globalThis;
const originalNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');

/** What `navigator.onLine` says to the data layer (Node has no connection events of its own). */
export function setOnline(onLine: boolean): void {
  Object.defineProperty(globalThis, 'navigator', {
    value: { ...(globalThis.navigator ?? {}), onLine },
    configurable: true,
    writable: true,
  });
}

/** Puts back the navigator `setOnline` replaced. */
export function restoreNavigator(): void {
  if (originalNavigator) Object.defineProperty(globalThis, 'navigator', originalNavigator);
  else if (!hadNavigator) delete (globalThis as { navigator?: unknown }).navigator;
}

/** Polls until `check` returns a truthy value (replication is asynchronous). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
