/**
 * A callback whose identity never changes but which always runs the latest `fn`: a memoised part
 * given it (a button bar, a summary panel) does not render again when what `fn` reads changes (the
 * device opening, the user's settings arriving), only when its own props do.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableCallback<A extends unknown[], R>(
  fn: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
