/** Whether the browser is online (navigator.onLine and its events) as a React hook. */
import { useStoreValue } from '@client/lib/use-store-value';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;

export function useOnlineStatus(): boolean {
  return useStoreValue(subscribe, isOnline, () => true);
}
