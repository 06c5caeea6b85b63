/**
 * What the user is told when an action they took fails, in one place: a text of couchdb/model
 * chosen by the kind of the failure, never the error's message (a storage error's carries the
 * documents written, names and phones included). A full storage is said so, with what was not
 * saved, and its banner shows. The console is told what failed, without the documents.
 */
import { STORAGE_FULL_MESSAGES } from '@couchdb/model/errors';
import { describeFailure, userTextOf } from '@client/lib/failure';
import { reportStorageError } from './storage';

/**
 * The text `err` has for the user by its kind: the full storage's, a refusal's or the gateway's;
 * null for any other, for which the caller says its action failed. `context` says what failed, to
 * the console (ids, never contents).
 */
export function failureReason(context: string, err: unknown): string | null {
  console.error(context, describeFailure(err));
  if (reportStorageError(err)) return STORAGE_FULL_MESSAGES.notSaved;
  return userTextOf(err);
}

/**
 * The text for the user when an action fails: a full storage's, else `failed`, the action's own
 * text (发布失败，请重试). For an action whose refusals and gateway answers are said as they are,
 * failureReason.
 */
export function failureMessage(context: string, err: unknown, failed: string): string {
  console.error(context, describeFailure(err));
  return reportStorageError(err) ? STORAGE_FULL_MESSAGES.notSaved : failed;
}
