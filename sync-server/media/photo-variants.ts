/**
 * Stored photos at the widths pages ask for (PHOTO_VARIANT_WIDTHS), as WebP: GET
 * /media/w<width>/<photo's name> makes the copy from the stored photo on its first request, under
 * the same decode limits as an upload (one decode at a time, the pixel limit read from the header
 * first), keeps it on disk beside the photos (media-variants/<width>/), and serves it cacheable
 * forever like the photo itself. Only the known widths of photos that exist: the disk it takes is
 * bounded by the photos stored.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Router } from 'express';
import sharp from 'sharp';
import { z } from 'zod';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import {
  PHOTO_VARIANT_MESSAGES,
  PHOTO_VARIANT_WIDTHS,
  STORED_PHOTO_NAME,
} from '@couchdb/model/photo-variant-facts';
import { IMAGE_MAX_PIXELS } from '@couchdb/model/upload-limits';
import { HttpError } from '../http-error';
import { validate, type PartSchema } from '../middleware/validate';
import { checkPixels, withDecodeSlot } from './media-service';

/** A year, as the photos themselves: a name never changes its bytes. */
const CACHED_FOR_MS = 365 * 24 * 60 * 60 * 1000;

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * GET /w<width>/<name> (mounted at /media). Any other two-part path is not a copy's, and goes on to
 * the stored files.
 */
const variantParams = {
  schema: z.object({
    variant: z
      .string()
      .regex(/^w\d+$/)
      .transform((variant) => variant.slice(1)),
    name: z.string(),
  }),
  refusal: 'pass',
} satisfies PartSchema;

export function photoVariants(dataDir: string): Router {
  const mediaDir = path.join(dataDir, 'media');
  const variantDir = path.join(dataDir, 'media-variants');
  /** Copies being made, so a burst of requests for one copy decodes the photo once. */
  const making = new Map<string, Promise<void>>();

  const make = async (source: string, target: string, width: number, name: string) => {
    await withDecodeSlot(async () => {
      await checkPixels(source, name);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomUUID()}.tmp`;
      try {
        await sharp(source, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS })
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 72 })
          .toFile(tmp);
        await rename(tmp, target);
      } catch (err) {
        await unlink(tmp).catch(() => undefined);
        if (err instanceof HttpError) throw err;
        throw new HttpError(415, 'unsupported_media', UPLOAD_MESSAGES.damagedImage(name));
      }
    });
  };

  const router = Router();
  router.get('/:variant/:name', validate({ params: variantParams }), async (req, res) => {
    const { variant: width, name } = req.params;
    if (!(PHOTO_VARIANT_WIDTHS as readonly number[]).includes(Number(width))) {
      throw new HttpError(400, 'bad_request', PHOTO_VARIANT_MESSAGES.unknownWidth(width));
    }
    const source = path.join(mediaDir, name);
    if (!STORED_PHOTO_NAME.test(name) || !(await exists(source))) {
      throw new HttpError(404, 'not_found');
    }
    const target = path.join(variantDir, width, `${name}.webp`);
    if (!(await exists(target))) {
      let made = making.get(target);
      if (!made) {
        made = make(source, target, Number(width), name).finally(() => making.delete(target));
        making.set(target, made);
      }
      await made;
    }
    res.sendFile(target, { maxAge: CACHED_FOR_MS, immutable: true });
  });
  return router;
}
