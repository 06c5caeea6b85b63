/**
 * Whether an element has come near the viewport, for parts below the fold that are not worth
 * rendering until the reader scrolls toward them (a listing's similar listings: their cards, with
 * their styles and photos, were part of the longest task of a listing's first visit on a phone).
 */
import { useEffect, useState, type RefObject } from 'react';

/**
 * True once `ref`'s element is within `margin` of the viewport, and from then on. Always true
 * where the browser has no IntersectionObserver.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (typeof IntersectionObserver === 'undefined' || !el) return void setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
