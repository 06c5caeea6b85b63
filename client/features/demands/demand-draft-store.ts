/**
 * The new-demand form's text, kept in localStorage per user as it is typed, so a reload (or a phone
 * that closed the tab in the background) reopens the form as it was. Editing a demand keeps none.
 */
import { ROOM_OPTIONS, TOWNSHIPS } from '@couchdb/model/constants';
import { DEMAND_TYPES } from '@couchdb/model/demand-facts';
import { forgetLocalDraft, readLocalDraft, writeLocalDraft } from '@client/lib/local-draft';
import type { DemandFormValues } from './demand-form-values';

const draftKey = (userId: string) => `cjfc.demand.draft.${userId}`;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The selects' choices: a saved value that is no longer one of them is not restored. */
const CHOICES: Partial<Record<keyof DemandFormValues, readonly string[]>> = {
  type: DEMAND_TYPES,
  areas: ['', ...TOWNSHIPS],
  rooms: ['', ...ROOM_OPTIONS.map(String)],
};

/** A saved draft read over the empty form: what is missing or malformed comes from `empty`. */
export function parseDemandDraft(saved: string | null, empty: DemandFormValues): DemandFormValues {
  let parsed: unknown = null;
  try {
    parsed = saved === null ? null : JSON.parse(saved);
  } catch {
    parsed = null;
  }
  if (!isRecord(parsed)) return empty;
  const values = { ...empty };
  for (const key of Object.keys(empty) as (keyof DemandFormValues)[]) {
    const value = parsed[key];
    if (typeof value !== 'string' || CHOICES[key]?.includes(value) === false) continue;
    (values as Record<keyof DemandFormValues, string>)[key] = value;
  }
  return values;
}

/** The user's saved draft, or the empty form. */
export function readDemandDraft(userId: string, empty: DemandFormValues): DemandFormValues {
  return parseDemandDraft(readLocalDraft(draftKey(userId)), empty);
}

export function writeDemandDraft(userId: string, values: DemandFormValues): void {
  writeLocalDraft(draftKey(userId), values);
}

export function forgetDemandDraft(userId: string): void {
  forgetLocalDraft(draftKey(userId));
}
