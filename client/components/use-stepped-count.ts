import { startTransition, useEffect, useState } from 'react';

/** Items a long list renders in its first commit: about one screen of cards on a phone or a row on a laptop. */
const FIRST_STEP = 4;

/**
 * How many of `total` items to render now: the first `first` at once, then `step` more in each
 * following task, each as a transition. Every commit (its DOM, styles and layout) then stays short
 * on a slow phone, so the page keeps answering input while the rest renders (Lighthouse TBT,
 * architecture §11: no main-thread task over 50 ms). Items added later (a next page) come in steps too.
 */
export function useSteppedCount(
  total: number,
  first: number = FIRST_STEP,
  step: number = first,
): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + step)), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(total, count);
}
