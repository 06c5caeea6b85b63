/**
 * The gateway's light entry into the client: which paths it renders, and the attribute of the
 * first screen's CSS block (without loading React).
 */
export {
  ARTICLE_PAGE_ROUTE,
  FIRST_SCREEN_PATHS,
  LISTING_PAGE_ROUTE,
} from '@client/app/first-screen-paths';
export { FIRST_SCREEN_CSS_ATTRIBUTE } from '@client/app/first-screen-css';
