/**
 * The gateway's limits on media uploads (issue 16) and the messages of their refusals: bytes per
 * account and day, uploads at once, pixels per photo. Only the gateway raises them and the device
 * shows the message it is sent, so they live apart from media-facts.ts, which screens load.
 */
import { MB } from './constants';

/** Bytes one account may upload per calendar day (Asia/Shanghai): six 50 MB videos, or far more photos. */
export const MEDIA_DAILY_QUOTA_MB = 300;
export const MEDIA_DAILY_QUOTA_BYTES = MEDIA_DAILY_QUOTA_MB * MB;
/** Upload requests one account may have in flight at once (the publish form sends one file at a time). */
export const MEDIA_CONCURRENT_UPLOADS = 2;
/**
 * How long a resumable upload may take from its start (architecture §7): a half-finished one is
 * deleted after it, and so is the answer kept for a finished one whose device has not read it.
 */
export const RESUMABLE_UPLOAD_EXPIRY_MS = 24 * 60 * 60_000;
/** Bytes a device sends per request of a resumable upload (a dropped request loses at most this). */
export const RESUMABLE_CHUNK_BYTES = 4 * MB;
/** Largest photo accepted, in pixels (a 50-megapixel phone camera fits); decoding is bounded by it. */
export const IMAGE_MAX_MEGAPIXELS = 50;
export const IMAGE_MAX_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;

/**
 * Codes of the upload refusals, always sent with their message (so errors.ts, which the first
 * screen loads, needs no text for them). The device reads `upload_quota_exceeded` to stop
 * retrying until the user asks.
 */
export type UploadRefusalCode = 'upload_quota_exceeded' | 'too_many_uploads' | 'length_required';

export const UPLOAD_LIMIT_MESSAGES = {
  /** 413: the photo's header declares more pixels than may be decoded. */
  imageTooManyPixels: (file: string) =>
    `图片 ${file} 尺寸过大（超过${IMAGE_MAX_MEGAPIXELS * 100}万像素），请缩小后再上传`,
  /** 429: the account's bytes for today (Asia/Shanghai) are used up. */
  overDailyQuota: `今天上传的图片和视频已达${MEDIA_DAILY_QUOTA_MB}MB上限，请明天再上传`,
  /** 429: the account already has as many uploads in flight as allowed. */
  tooManyUploadsAtOnce: `同时上传的文件过多（最多${MEDIA_CONCURRENT_UPLOADS}个），请等当前文件上传完成后再试`,
  /** 411: a body without Content-Length cannot be weighed against the quota before it is read. */
  sizeUnknown: '无法确定上传文件的大小，请重新上传',
} as const;
