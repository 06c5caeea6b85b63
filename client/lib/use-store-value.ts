/**
 * A value of one of the page's small external stores (sync status, the open database, the install
 * prompt, a waiting update, the connection), for screens and chrome. It reads like
 * useSyncExternalStore, but a change renders as a transition: useSyncExternalStore re-renders the
 * whole page synchronously, in one long task, when its store changes while React renders a
 * transition (its tearing check), e.g. when the browser's install event fires during the first
 * render. The value may trail its store by a render, which none of these needs to avoid.
 */
import { startTransition, useEffect, useEffectEvent, useState } from 'react';

/**
 * True while the gateway renders a first screen (sync-server/first-screen.ts) and while the page
 * hydrates it, until the screen itself has been hydrated: React hydrates the screen (inside the
 * layout's Suspense boundary) after the layout, at its lowest priority, so the layout's first
 * commit is too early to end it.
 */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

let markHydrated: () => void = () => undefined;
/** Resolves once the first screen has been hydrated (or rendered, where there was no markup). */
export const firstScreenHydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

/** Once the first screen has been hydrated: stores give their own values from then on. */
export function endHydration(): void {
  hydrating = false;
  markHydrated();
}

export function isHydrating(): boolean {
  return hydrating;
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
