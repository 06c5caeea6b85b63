/** The answer of every write and transition rule: allowed, or refused with a code and Chinese text. */
import type { ErrorCode } from '../model/errors';

export type Decision = { ok: true } | { ok: false; code: ErrorCode; message: string };

export const ALLOW: Decision = { ok: true };

/** A refusal with the given code and message. */
export function refuse(
  code: ErrorCode,
  message: string,
): { ok: false; code: ErrorCode; message: string } {
  return { ok: false, code, message };
}
