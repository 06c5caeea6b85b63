/**
 * The screens that show a first visit's listings straight from its first pull (home and the
 * listing list): the gateway renders them into the HTML, and the device database opens after them.
 */
export const FIRST_SCREEN_PATHS: readonly string[] = ['/', '/properties'];

/**
 * A listing's own page (a shared link): the gateway renders it for visitors too, with the listing
 * carried beside it (client/data/reads/first-screen-document.ts), as an Express route path.
 */
export const LISTING_PAGE_ROUTE = '/properties/:id';

/** An article's own page (a shared link), rendered for visitors like a listing's. */
export const ARTICLE_PAGE_ROUTE = '/news/:id';
