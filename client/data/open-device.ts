/**
 * The database the page has open, for screens: a small store without RxDB (type imports only), so
 * the first screen can subscribe before the data layer's chunk has loaded. DeviceData writes it
 * whenever the identity's database opens, switches or closes.
 */
import type { UserRole } from '@couchdb/model/roles';
import { useStoreValue } from '@client/lib/use-store-value';
import type { DeviceDatabase } from './storage/database';
import type { MediaOutbox } from './media/media-outbox';
import type { DeviceSync } from './sync/device-sync';

export type SignedInIdentity = { kind: 'user'; userId: string; role: UserRole };
/** Whose database the page has open: the visitor's or a signed-in user's. */
export type PageIdentity = { kind: 'anon' } | SignedInIdentity;

export interface OpenDevice {
  database: DeviceDatabase;
  identity: PageIdentity;
  sync: DeviceSync | null;
  outbox: MediaOutbox | null;
}

type Listener = () => void;

export class OpenDeviceStore {
  private current: OpenDevice | null = null;
  private readonly listeners = new Set<Listener>();

  get = (): OpenDevice | null => this.current;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(next: OpenDevice | null): void {
    if (
      next?.database === this.current?.database &&
      next?.sync === this.current?.sync &&
      next?.identity === this.current?.identity
    )
      return;
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}

/** The page's one open database. */
export const openDevice = new OpenDeviceStore();

/** The open database with its identity and sync, or null while none is open; re-renders on switch. */
export function useOpenDevice(): OpenDevice | null {
  return useStoreValue(openDevice.subscribe, openDevice.get);
}

/** The open database, or null while none is open (first load, identity switch). */
export function useDeviceDatabase(): DeviceDatabase | null {
  return useOpenDevice()?.database ?? null;
}
