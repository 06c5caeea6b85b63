import { startTransition, useEffect, useState } from 'react';

/** Items a long list renders in its first commit: about one screen of cards on a phone or a row on a laptop. */
const FIRST_STEP = 4;

/**
 * How many of `total` items to render now: the first few at once, the rest in the next task as a
 * transition. A long list's first commit (its DOM, styles and layout) then stays short, so the page
 * keeps answering input while the rest renders (Lighthouse TBT, DESIGN §11).
 */
export function useSteppedCount(total: number, first: number = FIRST_STEP): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || total <= first) return;
    const timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    return () => clearTimeout(timer);
  }, [all, total, first]);
  return all ? total : Math.min(total, first);
}
