/**
 * Sign-out is asked for here (user menu, mobile menu, profile) and carried out by the layout's
 * sign-out flow (client/app/layout/sign-out-host.tsx): it first counts what the device has not sent
 * yet and, when there is any, asks what to do with it. A small store, so the menu that asked may
 * close while the flow runs.
 */
import { useStoreValue } from '@client/lib/use-store-value';

let requested = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (requested === value) return;
  requested = value;
  for (const listener of listeners) listener();
}

export const signOutRequest = {
  get: (): boolean => requested,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The flow has ended (signed out, or the user cancelled). */
  done: (): void => set(false),
};

/** Sign out from the user menu or the profile screen; `signingOut` while the flow runs. */
export function useSignOut(): { signOut: () => void; signingOut: boolean } {
  const signingOut = useStoreValue(signOutRequest.subscribe, signOutRequest.get);
  return { signOut: () => set(true), signingOut };
}
