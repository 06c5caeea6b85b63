/** The gateway's light entry into the client: which paths it renders (without loading React). */
export { FIRST_SCREEN_PATHS } from '@client/app/first-screen-paths';
