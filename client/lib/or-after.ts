/**
 * `work`'s value, or `fallback()`'s once `ms` have passed without one: for a step the user waits on
 * that must not hold them longer (the work itself goes on).
 */
export function orAfter<T, F>(work: Promise<T>, ms: number, fallback: () => F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
