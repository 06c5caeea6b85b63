/**
 * Attributed events of the active promotion (issue 15): a visit through the link, a listing viewed
 * and a contact opened while it lasts. Each is kept in a small outbox in localStorage and sent when
 * a connection exists, so what happens offline still counts; the gateway counts each once per
 * person a day (the device id goes with every event, signed in or not, so it can tell). Its answer
 * confirms the agent (their account's name and phone replace what the link said) or, when the
 * promoter is not an agent, ends the promotion.
 */
import { PROMOTION_OUTBOX_MAX, type PromotionEventType } from '@couchdb/model/promotion-facts';
import { PROMOTION_OUTBOX_KEY as OUTBOX_KEY } from '@couchdb/model/promotion-link-facts';
import type { PromotionEvent, PromotionEventResponse } from '@couchdb/model/promotion';
import { DEVICE_ID_HEADER } from '@couchdb/model/sync';
import { ApiError, http } from '@client/lib/http';
import { deviceId } from '../sync/counters';
import { clearPromotion, confirmPromotionAgent, readStoredPromotion } from './promotion';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readOutbox(): PromotionEvent[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(OUTBOX_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as PromotionEvent[]) : [];
  } catch {
    return [];
  }
}

function writeOutbox(events: PromotionEvent[]): void {
  const store = storage();
  if (!store) return;
  if (events.length === 0) store.removeItem(OUTBOX_KEY);
  else store.setItem(OUTBOX_KEY, JSON.stringify(events.slice(-PROMOTION_OUTBOX_MAX)));
}

/**
 * Records an event for the active promotion (nothing without one) and sends the outbox. A view or
 * contact names its listing.
 */
export function recordPromotionEvent(type: PromotionEventType, propertyId?: string): void {
  const promotion = readStoredPromotion();
  if (!promotion) return;
  writeOutbox([
    ...readOutbox(),
    { agentId: promotion.agentId, type, ...(propertyId ? { propertyId } : {}) },
  ]);
  void flushPromotionEvents();
}

let flushing: Promise<void> | null = null;

/** Sends the kept events in order; stops at the first that cannot be sent now (kept for later). */
export function flushPromotionEvents(): Promise<void> {
  flushing ??= send().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function send(): Promise<void> {
  for (;;) {
    const [next] = readOutbox();
    if (!next) return;
    try {
      const res = await http.json<PromotionEventResponse>('/api/promotion/events', {
        method: 'POST',
        body: next,
        headers: { [DEVICE_ID_HEADER]: deviceId() },
      });
      confirmPromotionAgent(res.agent);
    } catch (err) {
      // No answer (offline) or a server fault: keep it for the next connection.
      if (!(err instanceof ApiError) || err.isTransient) return;
      // Not an agent: the promotion ends here; anything else was refused for good.
      if (err.code === 'not_agent') clearPromotion(next.agentId);
    }
    writeOutbox(readOutbox().slice(1));
  }
}

let listening = false;

/** Sends what was kept whenever the connection returns (once per page). */
export function sendPromotionEventsWhenOnline(): void {
  if (listening) return;
  listening = true;
  globalThis.addEventListener?.('online', () => void flushPromotionEvents());
  void flushPromotionEvents();
}
