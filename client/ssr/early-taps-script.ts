/**
 * The inline script a page the gateway rendered starts with (client/app/early-taps.ts replays
 * what it keeps): until the app has hydrated the first screen, a tap on one of its buttons would be
 * lost, so the script keeps the tapped control instead (the tap's default action and the page's
 * other listeners are stopped) and marks it as waiting. Inline, before the first paint, because
 * the app's code loads after the page's photos. The content security policy allows it by its hash
 * (sync-server/middleware/security-headers.ts): keep it as one constant string.
 */
import { EARLY_TAP_ATTRIBUTE, EARLY_TAP_TARGETS, EARLY_TAPS_GLOBAL } from '@client/app/early-taps';

export const EARLY_TAPS_SCRIPT =
  '(function(){var kept=[];' +
  'function keep(e){var t=e.target,c=t&&t.closest&&' +
  `t.closest(${JSON.stringify(EARLY_TAP_TARGETS)});` +
  'if(!c||c.disabled||!c.closest("#root[data-ssr]"))return;' +
  'e.preventDefault();e.stopImmediatePropagation();' +
  `if(kept.indexOf(c)<0){kept.push(c);c.setAttribute(${JSON.stringify(EARLY_TAP_ATTRIBUTE)},"")}}` +
  'addEventListener("click",keep,true);' +
  `window[${JSON.stringify(EARLY_TAPS_GLOBAL)}]=function(){` +
  'removeEventListener("click",keep,true);' +
  `delete window[${JSON.stringify(EARLY_TAPS_GLOBAL)}];return kept}})();`;

/** How a kept control looks while it waits for the app (a dimmed control, a busy pointer). */
export const EARLY_TAPS_STYLE = `[${EARLY_TAP_ATTRIBUTE}]{opacity:.6;cursor:progress}`;
