/**
 * Saved searches (issue 19): a user's named list filter, kept as the list screen's URL query in the
 * canonical form property-filter.ts writes (one parser for the screen, the matcher and the
 * gateway), with how its matches reach the 消息 inbox. Limits and texts live in
 * saved-search-facts.ts (zod-free).
 */
import { z } from 'zod';
import { propertyFilterFromParams, propertyFilterToParams } from '../rules/property-filter';
import { idSchema, timestampSchema } from './common';
import {
  CLOCK_PATTERN,
  SAVED_SEARCH_FILTER_MAX,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_MODES,
  SAVED_SEARCH_NAME_MAX,
} from './saved-search-facts';

const sm = SAVED_SEARCH_MESSAGES;

/** Whether a query is what the list filter writes for itself (no unknown or invalid parts). */
export function isCanonicalFilterQuery(query: string): boolean {
  return (
    propertyFilterToParams(propertyFilterFromParams(new URLSearchParams(query))).toString() ===
    query
  );
}

const clockSchema = z.string().regex(CLOCK_PATTERN, sm.clock);

const savedSearchShape = {
  id: idSchema,
  user_id: idSchema,
  name: z.string().trim().min(1, sm.nameRequired).max(SAVED_SEARCH_NAME_MAX, sm.nameMax),
  filter: z
    .string()
    .max(SAVED_SEARCH_FILTER_MAX, sm.badFilter)
    .refine(isCanonicalFilterQuery, sm.badFilter),
  mode: z.enum(SAVED_SEARCH_MODES),
  /** Instant matches found inside these hours are held until they end (Asia/Shanghai). */
  quiet_hours: z.strictObject({ from: clockSchema, to: clockSchema }).optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
};
export const savedSearchSchema = z.object(savedSearchShape);
export type SavedSearch = z.infer<typeof savedSearchSchema>;
/** A saved search as written by a device: unknown keys are refused. */
export const savedSearchWriteSchema = z.strictObject(savedSearchShape);

/** The save/edit dialog. */
export const savedSearchFormSchema = z.strictObject({
  name: savedSearchShape.name,
  mode: savedSearchShape.mode,
  quiet: z.boolean(),
  quiet_from: clockSchema,
  quiet_to: clockSchema,
});
export type SavedSearchForm = z.infer<typeof savedSearchFormSchema>;
