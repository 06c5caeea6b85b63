/**
 * What a picked or uploaded file's content must be (read from its first bytes with `file-type`, on
 * the device and on the gateway), and the texts of /manage's listings waiting for their files.
 * Apart from media-facts.ts, which the first screen loads (photo variants): these are only for
 * the publish form, /manage and the gateway.
 */
import { IMAGE_MAX_BYTES } from './constants';
import { mediaTypeOf, UPLOAD_MESSAGES, type FileInfo, type MediaType } from './media-facts';

/** The publish form's media step while it makes picked photos small (architecture §7). */
export const PHOTO_PREPARE_MESSAGES = {
  /** Photo `current` of the `total` picked together is being prepared. */
  preparing: (current: number, total: number) => `正在处理照片 ${current}/${total}`,
} as const;

/** /manage's listings waiting for their photos and videos (client/features/manage/outbox-panel). */
export const OUTBOX_MESSAGES = {
  uploading: '正在上传图片视频',
  offline: '离线，联网后自动上传',
  /** Nothing uploads any more: a file failed (retry it or leave it out). */
  stopped: '上传未完成',
  retry: '重新上传',
  /** Files the gateway refused for what they are: uploading them again cannot help. */
  refusedFiles: (names: readonly string[]) =>
    names.length === 1
      ? `文件"${names[0]}"无法上传，请移除后继续发布`
      : `${names.length}个文件无法上传，请移除后继续发布`,
  /** A file's bytes on the gateway so far, of its size (MB with one decimal), and the percent. */
  sent: (sentBytes: number, totalBytes: number) => {
    const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
    const percent = totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 0;
    return `${mb(sentBytes)} / ${mb(totalBytes)} MB · ${percent}%`;
  },
  /** A video held back by 只在 Wi-Fi 下上传视频 while the phone is on a mobile network. */
  waitingForWifi: '等待 Wi-Fi',
  /** Files wait, and this browser finishes uploads with the app closed (Background Sync). */
  background: '有网络时，关闭应用也会在后台继续上传',
  /** Files wait, and this browser uploads only while the app is open (Safari, Firefox). */
  openToContinue: '打开应用以继续上传',
  removeFile: '移除',
  removeFailed: '移除文件失败，请重试',
  abandon: '放弃发布',
  abandonTitle: '放弃发布这条房源？',
  abandonConfirm: '房源和其中尚未上传的图片视频将从本机删除，无法恢复。',
  abandoned: '已放弃发布',
  abandonFailed: '操作失败，请重试',
  /** An edit's files whose listing is not on this device: kept until it is back or discarded. */
  listingMissing: '房源已不在本机，照片已保留',
  listingMissingHint: '房源同步回本机后，这些照片会自动加到房源中；不再需要可以删除。',
  listingMissingStatus: '照片已保留',
  discardKept: '删除照片',
  discardKeptTitle: '删除保留的照片？',
  discardKeptConfirm: '这些照片和视频将从本机删除，无法恢复。',
  discardedKept: '已删除保留的照片',
} as const;

/** The device setting 只在 Wi-Fi 下上传视频 (client/data/media/video-network.ts). */
export const VIDEO_WIFI_MESSAGES = {
  label: '只在 Wi-Fi 下上传视频',
  hint: '使用移动网络时，视频等连上 Wi-Fi 再上传，照片照常上传。只对本机有效。',
  /** The browser does not tell the connection's type (iOS, computers). */
  unknown: '此浏览器无法判断当前是否为 Wi-Fi，视频会照常上传。',
} as const;

/**
 * The contents accepted, by the MIME type their first bytes show (as `file-type` reads them, on
 * the device and on the gateway), with the kind and the extension they are stored as.
 */
export const ACCEPTED_CONTENT: Readonly<Record<string, { kind: MediaType; ext: string }>> = {
  'image/jpeg': { kind: 'image', ext: 'jpg' },
  'image/png': { kind: 'image', ext: 'png' },
  'image/webp': { kind: 'image', ext: 'webp' },
  'video/mp4': { kind: 'video', ext: 'mp4' },
  'video/quicktime': { kind: 'video', ext: 'mov' },
  'video/vnd.avi': { kind: 'video', ext: 'avi' },
  'video/x-msvideo': { kind: 'video', ext: 'avi' },
  'video/webm': { kind: 'video', ext: 'webm' },
};

/**
 * A file named (or typed) as a photo or a video whose content is not one (a text file named .jpg,
 * a damaged download): the message, else null. `contentMime`: what its first bytes show.
 */
export function checkMediaContent(
  file: Pick<FileInfo, 'name' | 'type'>,
  contentMime: string | undefined,
): string | null {
  const named = mediaTypeOf(file);
  const content = contentMime ? ACCEPTED_CONTENT[contentMime]?.kind : undefined;
  if (named !== null && content === named) return null;
  return named === 'video'
    ? UPLOAD_MESSAGES.damagedVideo(file.name)
    : UPLOAD_MESSAGES.damagedImage(file.name);
}

/**
 * The 5 MB rule on the photo that will be sent: `size` bytes, `prepared` on the device or kept as
 * picked (a browser that cannot prepare photos). The message names the file the user picked.
 */
export function checkPhotoSize(name: string, size: number, prepared: boolean): string | null {
  if (size <= IMAGE_MAX_BYTES) return null;
  return prepared
    ? UPLOAD_MESSAGES.preparedImageTooLarge(name)
    : UPLOAD_MESSAGES.imageTooLarge(name);
}
