import { useEffect, useRef } from 'react';
import { useOpenDevice } from '@client/data/hooks';
import { recordPromotionEventSoon } from '@client/data/promotion-lazy';
import { recordRecentView } from '@client/data/recent';
import type { PropertyDoc } from '@client/data/schemas/property.schema';

/** Records the view (counter queue, sent when online) and the recently viewed entry, once per listing. */
export function useRecordView(property: PropertyDoc | null | undefined, visible: boolean) {
  const device = useOpenDevice();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!property || !visible || !device) return;
    const key = `${device.database.name}:${property.id}`;
    if (recorded.current === key) return;
    recorded.current = key;
    // A database closed meanwhile (a sign-in switching databases) is not a failure: the view is
    // recorded again in the next one, which this effect runs for as soon as it is open.
    const failed = (what: string) => (err: unknown) => {
      if (!device.database.closed) console.error(what, property.id, err);
    };
    device.sync?.counters
      .record('property_view', property.id)
      .catch(failed('recording the view failed'));
    // A listing seen while an agent's promotion is active counts for the agent.
    recordPromotionEventSoon('view', property.id);
    recordRecentView(device.database, property.id).catch(
      failed('recording recently viewed failed'),
    );
  }, [property, visible, device]);
}
