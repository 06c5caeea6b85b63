/**
 * A screen's live figures from the gateway (statistics that only the gateway can count): loaded on
 * mount and again when the connection returns, with the screen's own texts for a failure without a
 * connection and any other failure, and a retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@client/lib/http';
import { useAuth } from '@client/lib/session/auth-context';

export type OnlineResource<T> =
  { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

export interface OnlineResourceMessages {
  /** No answer (offline). */
  offline: string;
  /** Any other failure. */
  failed: string;
}

/** GETs `path` as the signed-in user; returns the state and a retry. */
export function useOnlineResource<T>(
  path: string,
  messages: OnlineResourceMessages,
): { state: OnlineResource<T>; retry: () => void } {
  const { request } = useAuth();
  const [state, setState] = useState<OnlineResource<T>>({ kind: 'loading' });
  const { offline, failed } = messages;
  // The answer sets the state (never synchronously inside the effect).
  const load = useCallback(() => {
    request<T>(path)
      .then((data) => setState({ kind: 'ready', data }))
      .catch((err: unknown) =>
        setState({
          kind: 'failed',
          message: err instanceof ApiError && err.isNetworkFailure ? offline : failed,
        }),
      );
  }, [request, path, offline, failed]);
  useEffect(() => {
    load();
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, [load]);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    load();
  }, [load]);
  return { state, retry };
}
