/**
 * The 消息 badge's count of unread entries (issue 19): a small store without RxDB, so the header
 * and the tab bar of the first screen show it without loading the data layer. The inbox matcher
 * writes it from the open user's database; 0 for visitors.
 */
import { useStoreValue } from '@client/lib/use-store-value';

type Listener = () => void;
let unread = 0;
const listeners = new Set<Listener>();

export const inboxBadge = {
  get: (): number => unread,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: number): void {
    if (next === unread) return;
    unread = next;
    for (const listener of listeners) listener();
  },
};

/** Unread inbox entries of the signed-in user on this device. */
export function useUnreadInbox(): number {
  return useStoreValue(inboxBadge.subscribe, inboxBadge.get, () => 0);
}
