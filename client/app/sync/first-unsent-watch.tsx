/**
 * Watches whether the device holds unsent items (rows waiting to push, listings waiting for their
 * files) and tells the PWA layer (client/pwa/storage.ts noticeUnsent): at the first one it asks
 * for persistent storage, and where the browser may clear the site's data it warns while they wait.
 */
import { useEffect, useState } from 'react';
import { useOpenDevice } from '@client/data/open-device';
import { useSyncStatusValue } from '@client/data/sync/sync-status';
import { noticeUnsent } from '@client/pwa/storage';

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
    noticeUnsent(pending > 0 || outboxWaiting);
  }, [pending, outboxWaiting]);

  return null;
}
