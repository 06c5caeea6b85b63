/**
 * Anonymous gateway calls (sign-in, register, refresh, logout with the token it revokes), through
 * the one HTTP module (client/lib/http.ts); the signed-in user's calls go through the session.
 */
import { ApiError, http, type RequestOptions } from './http';

export { ApiError, type ApiErrorKind, type ClientErrorCode } from './http';
export type ApiRequestOptions = RequestOptions;

/**
 * Calls a same-origin gateway path without the session's token (only `token` when given, never
 * renewed) and returns the parsed JSON body (undefined for 204). Throws ApiError.
 */
export function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return http.json<T>(path, { ...options, token: options.token ?? null });
}

/** Text to show for any thrown value: an ApiError's message, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}
