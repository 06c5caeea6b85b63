/**
 * What the layout needs to notice a promotion link on any page (kept apart from the promotion texts
 * so the first screen carries only these few names): the link's parameter names and where the
 * device keeps events waiting for a connection.
 */

/** URL parameter names of a promotion link. */
export const PROMOTION_PARAMS = {
  ref: 'ref',
  id: 'agent_id',
  name: 'agent_name',
  phone: 'agent_phone',
  company: 'agent_company',
  position: 'agent_position',
  timestamp: 'ts',
} as const;
/** Where (localStorage) the device keeps the promotion it is attributed to (24 hours). */
export const PROMOTION_STORAGE_KEY = 'cjfc.promotion';
/** The window event this tab fires when it stores, confirms or forgets the promotion. */
export const PROMOTION_CHANGED_EVENT = 'cjfc-promotion-changed';
/** Where (localStorage) the device keeps promotion events waiting for a connection. */
export const PROMOTION_OUTBOX_KEY = 'cjfc.promotion.outbox';
