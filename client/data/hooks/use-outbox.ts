/** The media outbox of the open identity, for screens: its waiting listings, live. */
import { useEffect, useState } from 'react';
import type { MediaOutbox, OutboxEntry } from '../media/media-outbox';
import { useOpenDevice } from '../open-device';

export function useOutbox(): { outbox: MediaOutbox | null; entries: OutboxEntry[] } {
  const outbox = useOpenDevice()?.outbox ?? null;
  const [state, setState] = useState<{ outbox: MediaOutbox | null; entries: OutboxEntry[] }>({
    outbox: null,
    entries: [],
  });
  useEffect(() => {
    if (!outbox) return;
    let live = true;
    const load = () =>
      void outbox
        .entries()
        .then((entries) => live && setState({ outbox, entries }))
        .catch((err: unknown) => console.error('reading the media outbox failed', err));
    load();
    const off = outbox.subscribe(load);
    return () => {
      live = false;
      off();
    };
  }, [outbox]);
  return { outbox, entries: state.outbox === outbox ? state.entries : [] };
}
