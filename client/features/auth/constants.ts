/** If a login never settles, the button stops spinning after 30 s (spec §4, §9). */
export const LOGIN_LOADING_RESET_MS = 30_000;
/** Shown instead of a dead "forgot password" link until self-service reset exists. */
export const FORGOT_PASSWORD_HINT = '请联系客服重置密码';
