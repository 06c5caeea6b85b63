/**
 * POST /api/media (multipart, field "file", one or more files): signed-in callers upload listing
 * photos and videos; the answer lists each stored file's URLs. The body streams to a temp file in
 * the data dir, is checked there and moved into place; temp files never outlive the request, even
 * when the client goes away. Each request first takes its Content-Length from the account's
 * daily quota and one of its upload slots (upload-quota.ts) and gives back what it did not keep.
 */
import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import multer from 'multer';
import type { Logger } from 'pino';
import { MAX_MEDIA_PER_LISTING, MB, VIDEO_MAX_BYTES } from '@couchdb/model/constants';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import { UPLOAD_LIMIT_MESSAGES } from '@couchdb/model/upload-limits';
import { HttpError } from '../http-error';
import { requireCaller } from '../middleware/authenticate';
import { prepareUpload, type StoredMedia } from '../media/media-service';
import type { UploadQuota } from '../media/upload-quota';

/** The largest body worth reading: every file at the video limit, plus the multipart framing. */
const MAX_REQUEST_BYTES = MAX_MEDIA_PER_LISTING * VIDEO_MAX_BYTES + MB;

/** Reads and drops the rest of a request body (nothing is kept); settles when it ends or breaks. */
function discardBody(req: Request): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once('end', resolve).once('close', resolve).once('error', resolve).resume();
  });
}

export function mediaRoutes(dataDir: string, quota: UploadQuota, logger: Logger): Router {
  const tmpDir = path.join(dataDir, 'uploads-tmp');
  mkdirSync(tmpDir, { recursive: true });
  const mediaDir = path.join(dataDir, 'media');
  // Disk storage with multer's own random names: the client's filename never touches the disk.
  const upload = multer({
    dest: tmpDir,
    // Browsers send UTF-8 names (中文.jpg); keep the path a client sends so a traversal attempt is seen and refused.
    defParamCharset: 'utf8',
    preservePath: true,
    limits: {
      fileSize: VIDEO_MAX_BYTES,
      files: MAX_MEDIA_PER_LISTING,
      fields: 10,
      parts: MAX_MEDIA_PER_LISTING + 10,
    },
  });

  const multerErrors: ErrorRequestHandler = (err, _req, _res, next) => {
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE')
        return next(new HttpError(413, 'file_too_large', UPLOAD_MESSAGES.overSizeLimit));
      if (err.code === 'LIMIT_FILE_COUNT')
        return next(new HttpError(400, 'too_many_files', UPLOAD_MESSAGES.tooManyMedia()));
      return next(new HttpError(400, 'bad_request', UPLOAD_MESSAGES.uploadFailed));
    }
    // busboy: truncated or malformed multipart bodies
    if (err instanceof Error && !(err instanceof HttpError))
      return next(new HttpError(400, 'upload_failed', UPLOAD_MESSAGES.uploadFailed));
    next(err);
  };

  /**
   * Weighs the request before its body is read (Node discards an unread body after a refusal):
   * its declared length against the limits and the account's quota, holding one upload slot
   * until the response is over or the client has gone.
   */
  const admit: RequestHandler = async (req, res, next) => {
    const declared = req.headers['content-length'];
    // Neither is read: a browser knows its body's length and checks sizes before sending.
    if (declared === undefined)
      throw new HttpError(411, 'length_required', UPLOAD_LIMIT_MESSAGES.sizeUnknown);
    if (Number(declared) > MAX_REQUEST_BYTES)
      throw new HttpError(413, 'file_too_large', UPLOAD_MESSAGES.overSizeLimit);
    const leased = quota.acquire(req.caller!.id, Number(declared));
    // Listening before the slot is granted: a client gone meanwhile still gives it back.
    res.on('close', () => {
      const kept = (res.locals.keptBytes as number | undefined) ?? 0;
      leased
        .then((lease) => lease.release(kept))
        .catch((err: unknown) => {
          // A refusal has nothing to give back; otherwise the lease expires on its own, and the
          // quota is stricter meanwhile, never looser.
          if (!(err instanceof HttpError))
            logger.error({ err, account: req.caller?.id }, 'releasing an upload slot failed');
        });
    });
    try {
      await leased;
    } catch (err) {
      // Read the body (bounded by the check above) through to nowhere before answering: a
      // browser still sending when the connection closes reports a network failure instead.
      await discardBody(req);
      throw err;
    }
    next();
  };

  const router = Router();
  router.post(
    '/',
    requireCaller,
    admit,
    upload.array('file', MAX_MEDIA_PER_LISTING),
    multerErrors,
    async (req: Request, res: Response) => {
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      try {
        if (files.length === 0) throw new HttpError(400, 'bad_request', UPLOAD_MESSAGES.noFile);
        // All or nothing: every file is checked and processed before any of them is kept.
        const prepared = [];
        for (const file of files) prepared.push(await prepareUpload(file));
        const stored: StoredMedia[] = [];
        for (const item of prepared) stored.push(await item.store(mediaDir));
        res.locals.keptBytes = files.reduce((sum, f) => sum + f.size, 0);
        res.status(201).json({ files: stored });
      } finally {
        await Promise.all(files.map((f) => unlink(f.path).catch(() => undefined)));
      }
    },
  );
  return router;
}
