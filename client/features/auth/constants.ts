/** If a login never settles, the button stops spinning after 30 s (product §4, §9). */
export const LOGIN_LOADING_RESET_MS = 30_000;
