/**
 * Taps on a page the gateway rendered, made before the app could answer them: the page's inline
 * tap keeper (client/ssr/early-taps-script.ts) holds each tapped control until the first screen has
 * been hydrated, and the app then taps each one again, once, in order (a control tapped four times
 * while waiting is one tap: a toggle tapped twice would undo itself). Links are not kept: they work
 * without the app.
 */

/** The global the tap keeper leaves its function in: it stops keeping and gives the taps. */
export const EARLY_TAPS_GLOBAL = '__cjEarlyTaps';

/** The attribute a kept control carries until it is tapped again (drawn as waiting). */
export const EARLY_TAP_ATTRIBUTE = 'data-tap-kept';

/** What the keeper keeps: buttons and what acts as one, never a plain link. */
export const EARLY_TAP_TARGETS = 'button,[role="button"],[data-replay]';

/** The performance mark of the moment the first screen has been hydrated (its controls answer). */
export const FIRST_SCREEN_HYDRATED_MARK = 'first-screen-hydrated';

/** Stops keeping taps and taps each kept control again (once the first screen is hydrated). */
export function replayEarlyTaps(): void {
  const take = (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
  if (typeof take !== 'function') return;
  const kept = (take as () => HTMLElement[])();
  for (const control of kept) {
    control.removeAttribute(EARLY_TAP_ATTRIBUTE);
    // A tap that went elsewhere (a login opened) leaves the page's other controls behind.
    if (control.isConnected) control.click();
  }
}
