/**
 * The page's emotion cache: it adopts the first screen's CSS block (first-screen-css.ts) where it
 * is, its rules counted as inserted, so the first render neither compiles nor inserts them again.
 * Emotion's own adoption of server CSS moves the block to the end of <head>, twice, which costs
 * a parse of the sheet and a style recalculation of the whole page each time. The block becomes
 * the cache sheet's first tag, as emotion's adoption makes it: rules inserted later go after it,
 * global styles (MUI's CssBaseline) before it, so the cascade is the same as before.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { STYLIS_PLUGINS } from './emotion-prefixes';
import { FIRST_SCREEN_CSS_ATTRIBUTE } from './first-screen-css';

export function pageEmotionCache(doc: Document = document): EmotionCache {
  const cache = createCache({ key: 'css', stylisPlugins: STYLIS_PLUGINS });
  const block = doc.querySelector<HTMLStyleElement>(`style[${FIRST_SCREEN_CSS_ATTRIBUTE}]`);
  if (block) {
    for (const id of (block.getAttribute(FIRST_SCREEN_CSS_ATTRIBUTE) ?? '').split(' ')) {
      if (id) cache.inserted[id] = true;
    }
    cache.sheet.tags.push(block);
  }
  return cache;
}
