/**
 * The shape of a collection's write policy (in the manner of Outline's `commands/`): given an
 * allowed write, the document to store with the server-owned fields of the access table forced.
 */
import type { z } from 'zod';
import type { ErrorCode } from '@couchdb/model/errors';
import type { Settings } from '@couchdb/model/setting-facts';
import type { Viewer } from '@couchdb/rules/access';
import type { Operator } from '../../oplog-service';
import type { StoredDoc } from '../projection';

export interface WriteContext {
  viewer: NonNullable<Viewer>;
  /** Who writes, as the operation log and denormalised names show them. */
  operator: Operator;
  /** The stored version, or null for a new document. */
  current: StoredDoc | null;
  /** What the device sent, without the replication fields (`server_rev`, `_deleted`). */
  content: Record<string, unknown>;
  /** The write's time (ISO). */
  now: string;
  /** The system settings as set now (read from the store on each call). */
  settings(): Promise<Settings>;
  /**
   * Whether this new document keeps its owner within `cap` documents of the collection, counting
   * concurrent creates (sync/owned-cap.ts; which documents count: OWNED_COUNTED); only asked for a
   * create.
   */
  admitNew(cap: number): Promise<boolean>;
}

/** The prepared document, or a refusal with its code (a member of ErrorCode) and message. */
export type Prepared =
  { ok: true; next: Record<string, unknown> } | { ok: false; code: ErrorCode; message: string };

export const refused = (code: ErrorCode, message: string): Prepared => ({
  ok: false,
  code,
  message,
});

export interface WritePolicy {
  /** The write schema the prepared document must pass. */
  schema: z.ZodType;
  /** The document to store (before the schema), or the refusal of a rule only the gateway knows. */
  prepare(ctx: WriteContext): Prepared | Promise<Prepared>;
}
