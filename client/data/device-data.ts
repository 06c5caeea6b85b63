/**
 * The page's data layer: opens the signed-in identity's database (or the visitor's), starts its
 * sync, and closes one before opening another (RxDB's open edition counts collections across the
 * page). Logout removes that user's database; the visitor database stays for offline browsing.
 * Loaded on demand, so RxDB is a chunk of its own.
 */
import { removeRxDatabase, type RxStorage } from 'rxdb';
import { bulkPullerOf } from './storage/storage-channel';
import { workerStorage } from './storage/worker-storage';
import { deviceId } from './sync/counters';
import {
  databaseNameFor,
  openDatabase,
  VISITOR_COLLECTIONS,
  type DeviceDatabase,
  type Identity,
} from './storage/database';
import { discardOutboxOf, MediaOutbox, holdOutboxOf } from './media/media-outbox';
import { InboxWatcher } from './inbox/inbox';
import { RefusalLedger } from './sync/refusals';
import { DeviceSync } from './sync/device-sync';
import { purgeUnreadable } from './sync/replication';
import { SyncHttp, type SyncAuth } from './sync/sync-http';
import { openDevice, type PageIdentity, type SignedInIdentity } from './open-device';
import { syncStatus } from './sync/sync-status';
import { countUnsent, type UnsentCounts } from './sync/unsent';
import { yieldToMain } from '@client/lib/when-idle';

interface OpenIdentity {
  name: string;
  identity: PageIdentity;
  db: DeviceDatabase;
  sync: DeviceSync;
  ledger: RefusalLedger;
  /** Listings waiting for their media (signed-in identities only). */
  outbox: MediaOutbox | null;
  /** Saved searches and demands matched into the inbox (signed-in identities only). */
  inbox: InboxWatcher | null;
}

let storagePromise: Promise<RxStorage<unknown, unknown>> | null = null;

/**
 * Dexie on IndexedDB in a worker of its own (worker-storage.ts); in development also RxDB's
 * dev-mode checks and schema validation.
 */
function browserStorage(): Promise<RxStorage<unknown, unknown>> {
  storagePromise ??= (async () => {
    const storage = await workerStorage();
    if (!import.meta.env.DEV) return storage;
    const [{ addRxPlugin }, { RxDBDevModePlugin }, { wrappedValidateAjvStorage }] =
      await Promise.all([
        import('rxdb'),
        import('rxdb/plugins/dev-mode'),
        import('rxdb/plugins/validate-ajv'),
      ]);
    addRxPlugin(RxDBDevModePlugin);
    // The worker's catch-up pull (bulkPullerOf) goes past the validation, as in production.
    return Object.assign(wrappedValidateAjvStorage({ storage }), {
      customRequest: (
        storage as { customRequest?: (data: unknown) => Promise<unknown> }
      ).customRequest?.bind(storage),
    }) as RxStorage<unknown, unknown>;
  })();
  return storagePromise;
}

export class DeviceData {
  private current: OpenIdentity | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly auth: SyncAuth,
    private readonly storage: () => Promise<RxStorage<unknown, unknown>> = browserStorage,
  ) {}

  /** The open database, if any. */
  get database(): DeviceDatabase | null {
    return this.current?.db ?? null;
  }

  get sync(): DeviceSync | null {
    return this.current?.sync ?? null;
  }

  /** The open identity's media outbox (null for a visitor). */
  get outbox(): MediaOutbox | null {
    return this.current?.outbox ?? null;
  }

  /** Whose database is open, if any. */
  get identity(): PageIdentity | null {
    return this.current?.identity ?? null;
  }

  /** Called after the open database changes (opened, switched or closed); returns an unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Switches the page to `identity`'s database (no-op when it is already open). */
  use(identity: PageIdentity): Promise<void> {
    return this.enqueue(async () => {
      const base: Identity =
        identity.kind === 'anon' ? identity : { kind: 'user', userId: identity.userId };
      const name = databaseNameFor(base);
      if (this.current?.name === name) {
        if (identity.kind === 'user') await this.changeRole(this.current, identity);
        return;
      }
      await this.closeCurrent();
      const ledger = new RefusalLedger();
      const db = await openDatabase({
        name,
        storage: await this.storage(),
        ...(identity.kind === 'anon' ? { collections: VISITOR_COLLECTIONS } : {}),
        conflicts: {
          // The identity's role can change while the database stays open (changeRole).
          isAdmin: () => {
            const now = this.current?.name === name ? this.current.identity : identity;
            return now.kind === 'user' && now.role === 'admin';
          },
          takeServerVersion: (c, id) => ledger.takeServerVersion(c, id),
          keep: (input) => ledger.keep(input),
        },
      });
      ledger.attach(db.collections.refused);
      const http = new SyncHttp({ ...this.auth, deviceId: deviceId() });
      const role = identity.kind === 'anon' ? 'visitor' : identity.role;
      await purgeUnreadable(db, role);
      // Setting up the replications, then the screens' first queries on the open database: each a
      // task of its own, not one long task on a slow phone just as the page has hydrated.
      await yieldToMain();
      const sync = new DeviceSync(db, { http, ledger, role, bulkPull: bulkPullerOf(db.storage) });
      // The outbox needs a browser (IndexedDB Blobs, XHR upload progress); Node tests have none.
      const outbox =
        identity.kind === 'user' && MediaOutbox.supported()
          ? new MediaOutbox(db, identity.userId, http.client)
          : null;
      outbox?.start();
      const inbox =
        identity.kind === 'user'
          ? new InboxWatcher(db, identity.userId, () => this.current?.sync.isLeader ?? false)
          : null;
      await yieldToMain();
      this.current = { name, identity, db, sync, ledger, outbox, inbox };
      this.notify();
    });
  }

  /**
   * The open user's role changed (an admin changed it; the device learnt it from its own account
   * document): sync again with the new role's scope. Its pulls carry the old role in their
   * checkpoints, so the gateway sends everything the new role sees and a stub for what it may no
   * longer see; a collection the new role does not pull at all is emptied here.
   */
  private async changeRole(open: OpenIdentity, identity: SignedInIdentity): Promise<void> {
    if (open.identity.kind === 'user' && open.identity.role === identity.role) return;
    await open.sync.stop();
    await purgeUnreadable(open.db, identity.role);
    const http = new SyncHttp({ ...this.auth, deviceId: deviceId() });
    const sync = new DeviceSync(open.db, {
      http,
      ledger: open.ledger,
      role: identity.role,
      bulkPull: bulkPullerOf(open.db.storage),
    });
    this.current = { ...open, identity, sync };
    this.notify();
  }

  /** What `userId`'s open database holds that the server does not have yet (null: not open). */
  unsent(userId: string): Promise<UnsentCounts | null> {
    // Queued: a database still opening is counted once it is open.
    return this.enqueue(async () => {
      const open = this.current;
      if (!open || open.name !== databaseNameFor({ kind: 'user', userId })) return null;
      return countUnsent({ database: open.db, sync: open.sync, outbox: open.outbox });
    });
  }

  /** Sends what waits now: every collection pushes, failed files get their tries back. */
  async sendNow(): Promise<void> {
    const open = this.current;
    if (!open) return;
    open.sync.resync();
    await open.outbox?.retry();
  }

  /**
   * Logout: closes the user's database (the next `use` opens the visitor's) and removes it with the
   * user's waiting listings and files; with `keepUnsent` it stays on the device, sent when the user
   * signs in here again.
   */
  removeUser(userId: string, { keepUnsent = false }: { keepUnsent?: boolean } = {}): Promise<void> {
    return this.enqueue(async () => {
      const name = databaseNameFor({ kind: 'user', userId });
      if (this.current?.name === name) await this.closeCurrent();
      if (keepUnsent) {
        if (MediaOutbox.supported()) await holdOutboxOf(userId);
        return;
      }
      await removeRxDatabase(name, await this.storage());
      if (MediaOutbox.supported()) await discardOutboxOf(userId);
    });
  }

  close(): Promise<void> {
    return this.enqueue(() => this.closeCurrent());
  }

  private async closeCurrent(): Promise<void> {
    const open = this.current;
    if (!open) return;
    this.current = null;
    this.notify();
    open.outbox?.stop();
    await open.inbox?.stop();
    await open.sync.stop();
    open.ledger.attach(null);
    await open.db.close();
    syncStatus.reset();
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch((err: unknown) => console.error('device data', err));
    return run;
  }
}

let pageData: DeviceData | null = null;

/** The page's one data layer (created on first use with the session's token functions). */
export function pageDeviceData(auth: SyncAuth): DeviceData {
  if (!pageData) {
    const data = new DeviceData(auth);
    // Screens read the open database through the small store in open-device.ts.
    data.subscribe(() =>
      openDevice.set(
        data.database && data.identity
          ? {
              database: data.database,
              identity: data.identity,
              sync: data.sync,
              outbox: data.outbox,
            }
          : null,
      ),
    );
    pageData = data;
  }
  return pageData;
}
