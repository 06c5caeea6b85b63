/**
 * Uploaded listing media (architecture §7): the kind is decided by the file's magic bytes, and the name
 * and declared type must agree with it; images are re-encoded with sharp (orientation applied,
 * EXIF/GPS dropped, long edge capped) with a WebP thumbnail; videos are kept as sent, hashed from
 * disk and moved into place (never read whole into memory). Everything is stored
 * content-addressed, so a file uploaded twice is stored once.
 */
import { fileTypeFromFile } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@couchdb/model/constants';
import { ACCEPTED_CONTENT } from '@couchdb/model/media-checks';
import {
  IMAGE_EXTENSIONS,
  IMAGE_MIME_TYPES,
  type MediaType,
  UPLOAD_MESSAGES,
  VIDEO_EXTENSIONS,
  VIDEO_MIME_TYPES,
} from '@couchdb/model/media-facts';
import { IMAGE_MAX_PIXELS, UPLOAD_LIMIT_MESSAGES } from '@couchdb/model/upload-limits';
import { HttpError } from '../http-error';
import { moveMediaFile, putMediaBuffer } from './storage';

// Image decoding is bounded in this process's memory: libvips keeps no cache of decoded images,
// each image is decoded on one thread, and at most IMAGE_DECODES_AT_ONCE images are decoded at a
// time (a per-process queue on purpose: the memory it protects is this process's).
sharp.cache(false);
sharp.concurrency(1);
export const IMAGE_DECODES_AT_ONCE = 1;
let decoding = 0;
let mostAtOnce = 0;
let decoded = 0;
const waiting: (() => void)[] = [];

/** The images this process has decoded since it started, and the most at once (for its tests). */
export function imageDecodeStats(): { decoded: number; mostAtOnce: number } {
  return { decoded, mostAtOnce };
}

/** Runs `work` (which decodes one image) when a decode slot is free. */
export async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= IMAGE_DECODES_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  else decoding++;
  mostAtOnce = Math.max(mostAtOnce, decoding);
  decoded++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `decoding` stays counted.
    const next = waiting.shift();
    if (next) next();
    else decoding--;
  }
}

/** Longest edge of a stored photo, and of its thumbnail. */
export const IMAGE_LONG_EDGE = 2048;
export const THUMB_LONG_EDGE = 480;

/** Sniffed formats we accept, with their kind and the extension they are stored under. */

export interface UploadedFile {
  /** Temp path written by multer (never derived from the client's name). */
  path: string;
  originalname: string;
  mimetype: string;
  size: number;
}

export interface StoredMedia {
  type: MediaType;
  url: string;
  thumbnail_url: string;
  width?: number;
  height?: number;
  bytes: number;
  name: string;
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** A display name is kept for messages only; anything path-like or odd is refused outright. */
export function checkFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  if (!name || name.length > 200 || /[/\\\u0000-\u001f]/.test(name) || name.includes('..')) {
    throw new HttpError(400, 'bad_filename', UPLOAD_MESSAGES.badFileName);
  }
  return name;
}

function declaredKind(file: UploadedFile): MediaType | 'other' | null {
  const ext = extensionOf(file.originalname);
  const type = file.mimetype.toLowerCase();
  const byType = (IMAGE_MIME_TYPES as readonly string[]).includes(type)
    ? 'image'
    : (VIDEO_MIME_TYPES as readonly string[]).includes(type)
      ? 'video'
      : type === '' || type === 'application/octet-stream'
        ? null
        : 'other';
  const byExt = (IMAGE_EXTENSIONS as readonly string[]).includes(ext)
    ? 'image'
    : (VIDEO_EXTENSIONS as readonly string[]).includes(ext)
      ? 'video'
      : ext === ''
        ? null
        : 'other';
  if (byType === 'other' || byExt === 'other') return 'other';
  if (byType && byExt && byType !== byExt) return 'other';
  return byType ?? byExt;
}

/**
 * The refusal of a file whose content is not accepted. Named (or typed) as a photo or a video, its
 * content is not one: a damaged photo or video (a text file named .jpg); otherwise its name or type
 * is not supported. `contentKind`: what its first bytes show, when accepted.
 */
function unsupported(
  file: UploadedFile,
  name: string,
  declared: MediaType | 'other' | null,
  contentKind: MediaType | undefined,
): HttpError {
  if (declared === 'image' || declared === 'video') {
    const damaged =
      declared === 'image' ? UPLOAD_MESSAGES.damagedImage : UPLOAD_MESSAGES.damagedVideo;
    return new HttpError(415, 'unsupported_media', damaged(name));
  }
  const label = extensionOf(file.originalname) || file.mimetype || '未知';
  const message =
    declared === null && contentKind === 'video'
      ? UPLOAD_MESSAGES.unsupportedVideo(label)
      : UPLOAD_MESSAGES.unsupportedImage(label);
  return new HttpError(415, 'unsupported_media', message);
}

/**
 * Checks what a resumable upload declares before any byte is sent: its name, a photo or video type
 * that its name agrees with, and its size against that kind's limit. The content is checked again
 * (prepareUpload) once every byte is there.
 */
export function checkDeclaredUpload(file: Omit<UploadedFile, 'path'>): MediaType {
  const name = checkFileName(file.originalname);
  if (file.size === 0) throw new HttpError(400, 'empty_file', UPLOAD_MESSAGES.emptyFile(name));
  const declared = declaredKind({ ...file, path: '' });
  if (declared !== 'image' && declared !== 'video')
    throw unsupported({ ...file, path: '' }, name, declared, undefined);
  if (declared === 'image' && file.size > IMAGE_MAX_BYTES)
    throw new HttpError(413, 'file_too_large', UPLOAD_MESSAGES.imageTooLarge(name));
  if (declared === 'video' && file.size > VIDEO_MAX_BYTES)
    throw new HttpError(413, 'file_too_large', UPLOAD_MESSAGES.videoTooLarge(name));
  return declared;
}

/** A checked and processed upload, ready to be stored. */
export interface PreparedUpload {
  store(mediaDir: string): Promise<StoredMedia>;
}

/**
 * Checks one uploaded file and processes it (a photo is re-encoded into small buffers, a video
 * stays in its temp file); nothing is stored yet.
 */
export async function prepareUpload(file: UploadedFile): Promise<PreparedUpload> {
  const name = checkFileName(file.originalname);
  if (file.size === 0) throw new HttpError(400, 'empty_file', UPLOAD_MESSAGES.emptyFile(name));
  const declared = declaredKind(file);
  const sniffed = await fileTypeFromFile(file.path);
  const accepted = sniffed ? ACCEPTED_CONTENT[sniffed.mime] : undefined;
  if (!accepted || declared === 'other' || (declared !== null && declared !== accepted.kind)) {
    throw unsupported(file, name, declared, accepted?.kind);
  }

  if (accepted.kind === 'video') {
    return {
      store: async (mediaDir) => ({
        type: 'video',
        url: await moveMediaFile(mediaDir, file.path, accepted.ext),
        thumbnail_url: '',
        bytes: file.size,
        name,
      }),
    };
  }

  if (file.size > IMAGE_MAX_BYTES) {
    throw new HttpError(413, 'file_too_large', UPLOAD_MESSAGES.imageTooLarge(name));
  }
  const { photo, thumb } = await withDecodeSlot(() => reencode(file.path, name));
  return {
    store: async (mediaDir) => ({
      type: 'image',
      url: await putMediaBuffer(mediaDir, photo.data, 'jpg'),
      thumbnail_url: await putMediaBuffer(mediaDir, thumb, 'webp'),
      width: photo.info.width,
      height: photo.info.height,
      bytes: photo.data.length,
      name,
    }),
  };
}

/**
 * Refuses an image whose header says it is over the pixel limit (a pixel bomb is refused
 * unopened, before anything is decoded), or that has no readable header.
 */
export async function checkPixels(path: string, name: string): Promise<void> {
  const meta = await sharp(path)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) {
    throw new HttpError(415, 'unsupported_media', UPLOAD_MESSAGES.damagedImage(name));
  }
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) {
    throw new HttpError(413, 'file_too_large', UPLOAD_LIMIT_MESSAGES.imageTooManyPixels(name));
  }
}

/** The stored photo (long edge capped, JPEG) and its WebP thumbnail, both small, in memory. */
async function reencode(
  path: string,
  name: string,
): Promise<{ photo: { data: Buffer; info: OutputInfo }; thumb: Buffer }> {
  await checkPixels(path, name);
  try {
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF/GPS go.
    const photo = await sharp(path, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize({
        width: IMAGE_LONG_EDGE,
        height: IMAGE_LONG_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    // From the stored photo, not the upload: the large original is decoded once.
    const thumb = await sharp(photo.data)
      .resize({
        width: THUMB_LONG_EDGE,
        height: THUMB_LONG_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 72 })
      .toBuffer();
    return { photo, thumb };
  } catch {
    throw new HttpError(415, 'unsupported_media', UPLOAD_MESSAGES.damagedImage(name));
  }
}
