import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element `ref` holds has come within `margin` below the viewport (or into it), once:
 * it then stays true. A part below the fold renders as the reader scrolls towards it, not in the
 * tasks that open the page on a slow phone. False on the server and while the page hydrates (the
 * markup matches); where the browser cannot tell (no IntersectionObserver), true right after.
 */
export function useNearViewport<T extends Element>(margin: number): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      startTransition(() => setNear(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: `0px 0px ${margin}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
