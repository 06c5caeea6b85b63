/**
 * The zod-free half of common.ts (phone pattern, link and title limits, `newId`), so the first
 * screen and the device data layer can use them without loading the schema library.
 */

/** Mainland mobile: 11 digits, starts with 1, second digit 3–9 (product §5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PHONE_MESSAGE = '请输入正确的手机号';

/**
 * Sortable unique id: 10 chars of time (ms, base32) then 16 random chars.
 * Works in browsers and Node without imports (Web Crypto is global in both).
 */
export function newId(now: number = Date.now()): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = alphabet[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let rand = '';
  for (const b of bytes) rand += alphabet[b % 32];
  return time + rand;
}

/** Shared by every link field (panorama, avatar, media): one wording for a malformed link. */
export const URL_MESSAGE = '请输入正确的链接格式';

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value);
}

/** Media is served by the gateway under /media/... or comes from an absolute http(s) URL. */
export const MEDIA_PATH_PATTERN = /^\/media\/[A-Za-z0-9._/-]+$/;
export const URL_MAX = 500;

/** Titles of listings, demands and news share one upper bound and message (product §5). */
export const TITLE_MAX = 100;
export const TITLE_MAX_MESSAGE = '标题不能超过100个字符';
