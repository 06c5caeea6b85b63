/**
 * The <style> block a page starts with: the first screen's CSS, painted with the HTML (the build's
 * for the boot shell, vite.config.ts; the rules its own markup uses on a page the gateway
 * rendered, sync-server/first-screen.ts). Its attribute lists emotion's ids of the rules in it (the
 * `css-<id>` class names, space-separated); the page's emotion cache adopts it where it is
 * (emotion-cache.ts). Not emotion's own `data-emotion` attribute: emotion moves the blocks that
 * carry it to the end of <head> when it starts, and moving a style sheet makes the browser parse
 * it and match every rule against the whole page again (on Lighthouse's 4× slowed CPU, 22–89 ms
 * of the move alone, then the restyle).
 */
export const FIRST_SCREEN_CSS_ATTRIBUTE = 'data-first-screen-css';
