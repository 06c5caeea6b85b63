import { startTransition, useEffect, useState } from 'react';
import { isHydrating } from './use-store-value';

/**
 * A value only the device can read (its storage, that the page has hydrated), read once per
 * render: `onServer` in the gateway's render and while the page hydrates it, so the first render
 * matches the server's markup; the device's own value from the render right after, which is a
 * transition. (useSyncExternalStore would do the same with a synchronous render right after the
 * hydration's commit, in the same task: on a listing's page, a long task on a slow phone.)
 */
export function useClientValue<T>(read: () => T, onServer: T): T {
  const [client, setClient] = useState(() => !isHydrating());
  useEffect(() => {
    if (!client) startTransition(() => setClient(true));
  }, [client]);
  return client ? read() : onServer;
}
