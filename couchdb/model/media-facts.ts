/**
 * The zod-free half of media.ts: accepted upload types, the upload messages of product §5 and §8, and
 * the file checks, so the first screen and the device data layer (media outbox) can use them
 * without loading the schema library.
 */
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_MB,
  MAX_MEDIA_PER_LISTING,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_MB,
} from './constants';

export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'avi', 'webm'] as const;
export const VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'video/avi',
  'video/webm',
] as const;
/** Default extension for a video whose name has none (product §7). */
export const DEFAULT_VIDEO_EXTENSION = 'mp4';

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Upload and publish-media messages (product §5, §8 "Uploads"). */
export const UPLOAD_MESSAGES = {
  tooManyMedia: (max: number = MAX_MEDIA_PER_LISTING) => `最多只能上传${max}个媒体文件`,
  imageTooLarge: (file: string) => `图片 ${file} 大小超过${IMAGE_MAX_MB}MB`,
  /** A photo still over the limit after the device made it smaller (product §5). */
  preparedImageTooLarge: (file: string) => `图片 ${file} 压缩后仍超过${IMAGE_MAX_MB}MB`,
  videoTooLarge: (file: string) => `视频 ${file} 大小超过${VIDEO_MAX_MB}MB`,
  unsupportedImage: (type: string) =>
    `不支持的文件格式：${type}，请上传 JPG、PNG 或 WebP 格式的图片`,
  unsupportedVideo: (type: string) =>
    `不支持的文件格式：${type}，请上传 MP4、MOV、AVI 或 WebM 格式的视频`,
  fileTooLarge: (mb: string) => `文件大小超过限制：${mb}MB，请上传${IMAGE_MAX_MB}MB以内的图片`,
  storageMisconfigured: '存储服务配置错误，请联系管理员',
  noPermission: '没有上传权限，请重新登录',
  duplicate: '文件已存在，请重新选择',
  imageUrlMissing: '获取图片链接失败',
  uploadFailed: '上传失败，请检查网络连接',
  /** The server answered with a fault of its own: the user's connection is fine. */
  serverUnavailable: '服务器暂时无法接收文件，联网时会自动重新上传',
  videoStorageMisconfigured: '视频存储服务配置错误，请联系管理员。',
  videoNoPermission: '没有上传权限，请重新登录后再试。',
  videoDuplicate: '文件已存在，请重新选择文件。',
  videoFailedWith: (message: string) => `视频上传失败：${message}`,
  videoUrlMissing: '获取视频链接失败，请重试。',
  videoAllAttemptsFailed: '视频上传失败，请检查网络连接后重试。',
  videoFileFailed: (file: string) => `视频 ${file} 上传失败`,
  imageFileFailed: (file: string) => `图片"${file}"上传失败，请重试`,
  imagesFailed: (n: number) => `${n}张图片上传失败，请重试`,
  imagesStillFailed: (n: number) => `仍有${n}张图片上传失败`,
  emptyFile: (file: string) => `文件 ${file} 是空的，请重新选择`,
  badFileName: '文件名不合法，请重命名后再上传',
  noFile: '没有选择要上传的文件',
  overSizeLimit: `文件大小超过${VIDEO_MAX_MB}MB，无法上传`,
  damagedImage: (file: string) => `图片 ${file} 已损坏或无法识别，请重新选择`,
  damagedVideo: (file: string) => `视频 ${file} 已损坏或无法识别，请重新选择`,
} as const;

/** What the checks need to know about a picked file (a browser File fits). */
export interface FileInfo {
  name: string;
  type: string;
  size: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Image or video by MIME type, falling back to the extension; null when neither. */
export function mediaTypeOf(file: Pick<FileInfo, 'name' | 'type'>): MediaType | null {
  const ext = extensionOf(file.name);
  if ((IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'image';
  if ((VIDEO_MIME_TYPES as readonly string[]).includes(file.type)) return 'video';
  if (file.type && !file.type.startsWith('application/octet-stream')) return null;
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'video';
  return null;
}

/** Bytes as MB with one decimal, as the over-limit message shows it. */
export function bytesToMb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** Checks an image for upload (type, then size); returns the message to show or null. */
export function checkImageFile(file: FileInfo): string | null {
  if (mediaTypeOf(file) !== 'image') {
    return UPLOAD_MESSAGES.unsupportedImage(file.type || extensionOf(file.name) || '未知');
  }
  if (file.size > IMAGE_MAX_BYTES) return UPLOAD_MESSAGES.fileTooLarge(bytesToMb(file.size));
  return null;
}

/**
 * Checks a file picked in the publish form's media step; returns the message or null. A photo's
 * size is checked once the device has prepared it (checkPhotoSize): a camera's 8 MB photo is
 * a few hundred KB by then.
 */
export function checkListingMediaFile(file: FileInfo): string | null {
  const kind = mediaTypeOf(file);
  if (kind === 'image') return null;
  if (kind === 'video') {
    return file.size > VIDEO_MAX_BYTES ? UPLOAD_MESSAGES.videoTooLarge(file.name) : null;
  }
  return UPLOAD_MESSAGES.unsupportedImage(file.type || extensionOf(file.name) || '未知');
}

/** Refuses adding `adding` files to `current` when the total would exceed `max`. */
export function checkMediaCount(
  current: number,
  adding: number,
  max: number = MAX_MEDIA_PER_LISTING,
): string | null {
  return current + adding > max ? UPLOAD_MESSAGES.tooManyMedia(max) : null;
}

/**
 * The picked files that fit beside the `current` ones, in the order picked, and the limit's
 * message when some were left out: twelve photos picked for ten places keep the first ten.
 */
export function fitMediaCount<T>(
  current: number,
  picked: readonly T[],
  max: number = MAX_MEDIA_PER_LISTING,
): { fits: T[]; message: string | null } {
  const room = Math.max(0, max - current);
  return {
    fits: picked.slice(0, room),
    message: checkMediaCount(current, picked.length, max),
  };
}

/** The message after a publish attempt in which `failed` image names did not upload. */
export function imagesFailedMessage(failed: readonly string[], afterRetry = false): string | null {
  if (failed.length === 0) return null;
  if (afterRetry) return UPLOAD_MESSAGES.imagesStillFailed(failed.length);
  const [only] = failed;
  return failed.length === 1 && only !== undefined
    ? UPLOAD_MESSAGES.imageFileFailed(only)
    : UPLOAD_MESSAGES.imagesFailed(failed.length);
}
