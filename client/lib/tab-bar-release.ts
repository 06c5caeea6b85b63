/**
 * A listing's page has its own bar at the bottom on phones, where the tab bar steps aside (the
 * layout's hidesTabBar, by route, so the first screen is right). A listing's address that shows no
 * listing (gone, not public) has no such bar: its screen renders <ReleaseTabBar /> and the tab bar
 * comes back, so the visitor is not left without a way on.
 */
import { useEffect } from 'react';
import { useStoreValue } from './use-store-value';

let releases = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** While mounted, the tab bar shows on a screen whose route would hide it. */
export function ReleaseTabBar(): null {
  useEffect(() => {
    releases += 1;
    notify();
    return () => {
      releases -= 1;
      notify();
    };
  }, []);
  return null;
}

/** Whether a screen gave the tab bar its place back (false on the server and while hydrating). */
export function useTabBarReleased(): boolean {
  return useStoreValue(
    subscribe,
    () => releases > 0,
    () => false,
  );
}
