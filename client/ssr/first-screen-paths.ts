/** The gateway's light entry into the client: which paths it renders (without loading React). */
export {
  ARTICLE_PAGE_ROUTE,
  FIRST_SCREEN_PATHS,
  LISTING_PAGE_ROUTE,
} from '@client/app/first-screen-paths';
