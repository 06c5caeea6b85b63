/**
 * The CSS of the first screens (home and the listing list, on a phone and a laptop), rendered at
 * build time in Node with the app's own components and the demo listings. vite.config.ts puts it
 * into index.html as the first screen's <style> block (client/app/first-screen-css.ts): the browser
 * paints it with the HTML, and the page's emotion cache adopts it (client/app/emotion-cache.ts),
 * so those rules are not compiled and inserted again while the first screen mounts (most of the
 * first commit's main-thread time otherwise).
 * A rule missing here is inserted at run time, as before.
 */
import { buildDemoData, placeholderDemoMedia } from '@couchdb/seed/demo-data';
import { FIRST_SCREEN_CSS_ATTRIBUTE } from '@client/app/first-screen-css';
import {
  FIRST_SCREEN_PATHS,
  prepareFirstScreens,
  renderFirstScreen,
  SCREEN_WIDTHS,
} from '@client/ssr/render-first-screen';

export interface FirstScreenStyles {
  /** Emotion's ids of the rules (the `css-<id>` class names) and of the classes merged into others. */
  ids: string[];
  css: string;
  /** The block's attribute, listing the ids. */
  attribute: string;
}

export async function renderFirstScreenStyles(): Promise<FirstScreenStyles> {
  const demo = buildDemoData({ now: new Date(), media: placeholderDemoMedia() });
  const firstPull = { documents: demo.properties, checkpoint: null };
  await prepareFirstScreens();
  const all = new Map<string, string>();
  for (const width of Object.values(SCREEN_WIDTHS)) {
    for (const path of FIRST_SCREEN_PATHS) {
      // '' is a class merged into another (no rules of its own): a render where it is on an
      // element gives its rules.
      for (const [id, rules] of renderFirstScreen(path, firstPull, width).styles)
        if (rules || !all.has(id)) all.set(id, rules);
    }
  }
  return {
    ids: [...all.keys()],
    css: [...all.values()].join(''),
    attribute: FIRST_SCREEN_CSS_ATTRIBUTE,
  };
}
