/**
 * POST /api/media (multipart, field "file", one or more files): signed-in callers upload listing
 * photos and videos; the answer lists each stored file's URLs. Temp files never outlive the request.
 */
import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import multer from 'multer';
import { MAX_MEDIA_PER_LISTING, VIDEO_MAX_BYTES } from '@couchdb/model/constants';
import { UPLOAD_MESSAGES } from '@couchdb/model/media';
import { HttpError } from '../http-error';
import { requireCaller } from '../middleware/authenticate';
import { prepareUpload, type StoredMedia } from '../media/media-service';

export function mediaRoutes(dataDir: string): Router {
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

  const router = Router();
  router.post(
    '/media',
    requireCaller,
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
        res.status(201).json({ files: stored });
      } finally {
        await Promise.all(files.map((f) => unlink(f.path).catch(() => undefined)));
      }
    },
  );
  return router;
}
