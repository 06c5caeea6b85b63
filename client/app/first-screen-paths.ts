/**
 * The screens that show a first visit's listings straight from its first pull (home and the
 * listing list): the gateway renders them into the HTML, and the device database opens after them.
 */
export const FIRST_SCREEN_PATHS: readonly string[] = ['/', '/properties'];
