import { useEffect, useRef } from 'react';
import { useOpenDevice } from '@client/data/hooks';
import { recordPromotionEventSoon } from '@client/data/promotion/promotion-lazy';
import { recordRecentView } from '@client/data/writes/recent';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { whenIdle } from '@client/lib/when-idle';

/**
 * Longest wait for an idle moment before the view is recorded anyway: short, because a page left
 * by a full navigation (a reload, a link opened in place) drops what is still waiting.
 */
const RECORD_IDLE_MS = 300;

/** Records the view (counter queue, sent when online) and the recently viewed entry, once per listing. */
export function useRecordView(property: PropertyDoc | null | undefined, visible: boolean) {
  const device = useOpenDevice();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!property || !visible || !device) return;
    const key = `${device.database.name}:${property.id}`;
    if (recorded.current === key) return;
    recorded.current = key;
    // Once the page is idle: the writes (and their messages to the storage worker) would otherwise
    // join the page's first render with the device's data, one long task on a slow phone. A view
    // left before then is recorded still (not cancelled with the screen), as of when it was seen.
    const id = property.id;
    const seenAt = new Date();
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      removeEventListener('pagehide', run);
      record(device, id, seenAt);
    };
    whenIdle(run, RECORD_IDLE_MS);
    // Leaving the page before then: recorded as it goes (its writes may still finish).
    addEventListener('pagehide', run);
  }, [property, visible, device]);
}

type OpenDevice = NonNullable<ReturnType<typeof useOpenDevice>>;

function record(device: OpenDevice, propertyId: string, seenAt: Date): void {
  // A database closed meanwhile (a sign-in switching databases) is not a failure: the view is
  // recorded again in the next one, which the effect above runs for as soon as it is open.
  const failed = (what: string) => (err: unknown) => {
    if (!device.database.closed) console.error(what, propertyId, err);
  };
  device.sync?.counters
    .record('property_view', propertyId)
    .catch(failed('recording the view failed'));
  // A listing seen while an agent's promotion is active counts for the agent.
  recordPromotionEventSoon('view', propertyId);
  recordRecentView(device.database, propertyId, seenAt).catch(
    failed('recording recently viewed failed'),
  );
}
