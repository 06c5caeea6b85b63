/**
 * The 消息 inbox (issue 19): one document per event a user is told about. Devices write matches
 * and daily digests (deterministic ids, so every device of the user writes the same entry); the
 * gateway writes notices. Kinds, limits and texts live in saved-search-facts.ts (zod-free).
 */
import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import {
  DIGEST_MAX_LISTINGS,
  INBOX_BODY_MAX,
  INBOX_KINDS,
  INBOX_LINK_MAX,
  INBOX_TITLE_MAX,
} from './saved-search-facts';

const inboxShape = {
  id: idSchema,
  user_id: idSchema,
  kind: z.enum(INBOX_KINDS),
  /** The saved search (or the user's demand) that matched; absent for notices. */
  search_id: idSchema.optional(),
  property_ids: z.array(idSchema).max(DIGEST_MAX_LISTINGS),
  title: z.string().min(1).max(INBOX_TITLE_MAX),
  body: z.string().max(INBOX_BODY_MAX),
  /** An in-app path ('/properties/…'): where tapping the entry leads. */
  link: z
    .string()
    .max(INBOX_LINK_MAX)
    .regex(/^\/(?!\/)/),
  created_at: timestampSchema,
  read_at: timestampSchema.optional(),
};
export const inboxEntrySchema = z.object(inboxShape);
export type InboxEntry = z.infer<typeof inboxEntrySchema>;
/** An inbox entry as stored: unknown keys are refused. */
export const inboxEntryWriteSchema = z.strictObject(inboxShape);
