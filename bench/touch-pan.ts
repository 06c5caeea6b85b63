/**
 * What the map benches share (map-library, map-screen): the phone they pretend to be, the two
 * drags of a pan by one finger through CDP (real touch input, so the map's own gesture code runs),
 * and how frame times are summarised.
 */
import type { CDPSession } from 'playwright-core';

export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

/** A frame longer than this is one a user sees the pan stutter on. */
export const LONG_FRAME_MS = 50;

/** Each drag of a pan: how far (CSS px) and for how long the finger moves; there and back. */
export const DRAGS = [
  { dx: -160, dy: -260, ms: 1_000 },
  { dx: 160, dy: 260, ms: 1_000 },
] as const;
export type Drag = (typeof DRAGS)[number];

export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
export const median = (xs: number[]) => percentile(xs, 50);
export const longFrames = (frames: number[]) => frames.filter((f) => f > LONG_FRAME_MS).length;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One finger's drag by (dx, dy) from (x, y), moved evenly over `ms`, then lifted. */
export async function touchDrag(
  cdp: CDPSession,
  { x, y }: { x: number; y: number },
  { dx, dy, ms }: Drag,
): Promise<void> {
  const touch = (type: 'touchStart' | 'touchMove', f: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: [{ x: x + dx * f, y: y + dy * f }],
    });
  await touch('touchStart', 0);
  const started = performance.now();
  for (let f = 0; f < 1;) {
    // One move a frame or so; each waits for the page to take the one before.
    await sleep(16);
    f = Math.min(1, (performance.now() - started) / ms);
    await touch('touchMove', f);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
