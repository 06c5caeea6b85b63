/**
 * The new-demand form's text, kept on the device per user as it is typed
 * (client/data/writes/form-drafts.ts), so a reload (or a phone that killed the browser in the
 * background) reopens the form as it was. Editing a demand keeps none.
 */
import { ROOM_OPTIONS, TOWNSHIPS } from '@couchdb/model/constants';
import { DEMAND_TYPES } from '@couchdb/model/demand-facts';
import type { DemandFormValues } from './demand-form-values';

/** The user's draft's key (the previous release's localStorage key, so its drafts move over). */
export const demandDraftKey = (userId: string) => `cjfc.demand.draft.${userId}`;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The selects' choices: a saved value that is no longer one of them is not restored. */
const CHOICES: Partial<Record<keyof DemandFormValues, readonly string[]>> = {
  type: DEMAND_TYPES,
  areas: ['', ...TOWNSHIPS],
  rooms: ['', ...ROOM_OPTIONS.map(String)],
};

/** A saved draft (undefined: none) read over the empty form: what is missing or malformed comes from `empty`. */
export function parseDemandDraft(parsed: unknown, empty: DemandFormValues): DemandFormValues {
  if (!isRecord(parsed)) return empty;
  const values = { ...empty };
  for (const key of Object.keys(empty) as (keyof DemandFormValues)[]) {
    const value = parsed[key];
    if (typeof value !== 'string' || CHOICES[key]?.includes(value) === false) continue;
    (values as Record<keyof DemandFormValues, string>)[key] = value;
  }
  return values;
}
