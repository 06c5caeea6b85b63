/**
 * Field rules shared by several documents: ids, timestamps, the mainland mobile number.
 * Imported by the client forms and the gateway alike, so both raise the same message.
 * The patterns, limits and messages themselves live in common-facts.ts (zod-free).
 */
import { z } from 'zod';
import {
  isHttpUrl,
  MEDIA_PATH_PATTERN,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  URL_MAX,
  URL_MESSAGE,
} from './common-facts';

export const phoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .regex(PHONE_PATTERN, PHONE_MESSAGE);

/**
 * Document ids are generated on the device (offline creates), so they are opaque bounded strings.
 * Not starting with `_` (or `:`/`-`): CouchDB keeps such ids for itself (`_design`, `_local`) and
 * refuses a whole _bulk_docs that holds one.
 */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_:-]*$/, '无效的编号');

/** ISO-8601 timestamps, always set by the gateway on write. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** A stored link to media: gateway path or http(s) URL, bounded. */
export const mediaUrlSchema = z
  .string()
  .max(URL_MAX, URL_MESSAGE)
  .refine((v) => isHttpUrl(v) || MEDIA_PATH_PATTERN.test(v), URL_MESSAGE);

/** Bounded free text for names shown next to a document (contact, author, publisher). */
export const displayNameSchema = z.string().trim().max(30);
