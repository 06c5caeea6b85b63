/**
 * A value of one of the page's small external stores (sync status, the open database, the install
 * prompt, a waiting update, the connection), for screens and chrome. It reads like
 * useSyncExternalStore, but a change renders as a transition: useSyncExternalStore re-renders the
 * whole page synchronously, in one long task, when its store changes while React renders a
 * transition (its tearing check), e.g. when the browser's install event fires during the first
 * render. The value may trail its store by a render, which none of these needs to avoid.
 */
import { startTransition, useEffect, useEffectEvent, useState } from 'react';

/** True while the page hydrates the gateway's first-screen HTML (see client/main.tsx). */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

/** After the hydrated page's first commit: stores give their own values from then on. */
export function endHydration(): void {
  hydrating = false;
}

/**
 * `serverSnapshot`: the value the gateway's render saw (a visitor on a first visit), used while
 * the page hydrates so its markup matches; the store's own value follows right after.
 */
export function useStoreValue<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
  serverSnapshot?: () => T,
): T {
  const [value, setValue] = useState<T>(() =>
    hydrating && serverSnapshot ? serverSnapshot() : getSnapshot(),
  );
  const read = useEffectEvent(getSnapshot);
  useEffect(() => {
    const update = () => {
      const next = read();
      startTransition(() => setValue(() => next));
    };
    update(); // a change between the render and this subscription
    return subscribe(update);
  }, [subscribe]);
  return value;
}
