/**
 * The vendor prefixes the app's CSS still needs. Emotion's default prefixer copies every flex,
 * transition and transform declaration into -webkit-, -ms- and -moz- forms that no browser able to
 * run the app's ES2022 build (vite.config.ts) has needed for years: a fifth of the first screen's
 * CSS block, parsed before the first paint, and work on every style the page adds. Only the
 * properties Safari (iOS, WeChat on iPhones) still reads prefixed keep their copies. The server's
 * render (render-first-screen.tsx) and the page (emotion-cache.ts) use the same plugins, so the
 * first screen's CSS is the page's own.
 */
import { DECLARATION, prefixer, type Middleware } from 'stylis';

/** Properties Safari still reads only with -webkit- (or that need it for some values). */
const STILL_PREFIXED = new Set([
  'appearance',
  'backdrop-filter',
  'background-clip',
  'box-decoration-break',
  'hyphens',
  'mask',
  'mask-image',
  'print-color-adjust',
  'text-decoration',
  'text-size-adjust',
  'user-select',
]);

const stillPrefixed: Middleware = (element, index, children, callback) => {
  if (element.type === DECLARATION && STILL_PREFIXED.has(element.props as unknown as string)) {
    return prefixer(element, index, children, callback);
  }
};

/** The stylis plugins of every emotion cache the app creates. */
export const STYLIS_PLUGINS = [stillPrefixed];
