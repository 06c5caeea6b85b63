import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A value only the device can read (its storage, that the page has hydrated), read once per
 * render: `onServer` in the gateway's render and while the page hydrates it, so the first render
 * matches the server's markup; the device's own value in the render right after.
 */
export function useClientValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(noSubscription, read, () => onServer);
}
