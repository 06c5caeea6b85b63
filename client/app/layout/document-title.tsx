/**
 * The tab's title follows the screen (architecture §8): a public screen's own, as its page came
 * with it from the gateway, else the app's name. A listing's or an article's own page keeps the
 * title its page came with (its own) until the user moves on.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PUBLIC_PAGES, SITE_NAME, UNLISTED_PAGES } from '@couchdb/model/search-engine-facts';

const TITLES = new Map([...PUBLIC_PAGES, ...UNLISTED_PAGES].map((p) => [p.path, p.title]));

/** Whether no screen has set the title yet: the page's own title stands on the screen it opened. */
let landing = true;

export function DocumentTitle(): null {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = TITLES.get(pathname);
    if (title) document.title = title;
    else if (!landing) document.title = SITE_NAME;
    landing = false;
  }, [pathname]);
  return null;
}
