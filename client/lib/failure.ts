/**
 * What a failed action may tell the user, and what the console is told of it. An error's message
 * is never shown as it is: a storage error's carries the documents it was writing (RxDB's remote
 * storage puts a failed request in it, RxDB's errors their parameters), names and phones included.
 * Only two kinds of error carry a text for the user: a refusal on the device and the gateway's
 * answer, both texts of couchdb/model.
 */
import { ApiError } from './http';

/**
 * A change the device refuses before writing it, with a couchdb/model text for the user (a rule's
 * refusal, a limit reached).
 */
export class RefusalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusalError';
  }
}

/** The user's text `err` carries by its kind (a refusal's, the gateway's); null for any other. */
export function userTextOf(err: unknown): string | null {
  return err instanceof RefusalError || err instanceof ApiError ? err.message : null;
}

/** How much of a message's first line the console is given. */
const MESSAGE_MAX = 200;

/**
 * The first line of `message` with text, at most MESSAGE_MAX characters: RxDB's errors and its
 * remote storage's failures put the documents they concern on the lines after it.
 */
export function firstLine(message: string): string {
  const line = message.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > MESSAGE_MAX ? `${line.slice(0, MESSAGE_MAX)}…` : line;
}

/**
 * `err` for the console, without the documents it may carry: its name (RxDB's code, the gateway's
 * status and code), its message's first line, the name of what it wraps, and its stack's frames.
 */
export function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return typeof err === 'string' ? firstLine(err) : typeof err;
  const e = err as Error & { code?: unknown; inner?: unknown; parameters?: { error?: unknown } };
  const parts = [err.name];
  if (err instanceof ApiError) parts.push(`${err.status} ${err.code}`);
  else if (typeof e.code === 'string') parts.push(e.code);
  const line = firstLine(err.message);
  if (line) parts.push(line);
  const wrapped = e.cause ?? e.inner ?? e.parameters?.error;
  if (wrapped instanceof Error) parts.push(`(wraps ${wrapped.name})`);
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  return [parts.join(': '), ...frames].join('\n');
}
