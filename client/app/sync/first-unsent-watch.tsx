/**
 * Watches for the device's first unsent item (a row waiting to push, a listing waiting for its
 * files) and then has the PWA layer ask for persistent storage (client/pwa/storage.ts
 * noticeFirstUnsent), which warns where the browser may clear the site's data.
 */
import { useEffect, useState } from 'react';
import { useOpenDevice } from '@client/data/open-device';
import { useSyncStatusValue } from '@client/data/sync-status';
import { noticeFirstUnsent } from '@client/pwa/storage';

export function FirstUnsentWatch() {
  const pending = useSyncStatusValue((s) => s.pending);
  const outbox = useOpenDevice()?.outbox ?? null;
  const [outboxWaiting, setOutboxWaiting] = useState(false);

  useEffect(() => {
    if (!outbox) return;
    const check = () => {
      outbox
        .entries()
        .then((entries) => setOutboxWaiting(entries.length > 0))
        .catch((err: unknown) => console.warn('[storage] reading the media outbox failed', err));
    };
    check();
    return outbox.subscribe(check);
  }, [outbox]);

  useEffect(() => {
    if (pending > 0 || outboxWaiting) noticeFirstUnsent();
  }, [pending, outboxWaiting]);

  return null;
}
