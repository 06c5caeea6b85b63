/**
 * /api/uploads: resumable uploads of listing photos and videos over the tus protocol (architecture
 * §7), for a device on a weak signal. A device creates an upload (POST, its name, type and size),
 * sends the bytes (PATCH, from the offset the gateway holds) and, after a dropped connection, a
 * reload or a restart of the phone, asks how far it got (HEAD) and sends the rest only.
 *
 * - Every request needs a signed-in caller; an upload answers its owner only (404 to anyone else).
 * - What the upload declares is checked before any byte is taken (media-service.ts
 *   checkDeclaredUpload) and must fit today's quota; every PATCH takes its bytes from the quota
 *   like POST /api/media does (upload-quota.ts) and keeps what was received.
 * - The finished file passes the media checks of POST /api/media (content sniffed, photo
 *   re-encoded) and is stored the same way; the answer carries the stored media in `Upload-Media`
 *   (base64url JSON). A device whose answer was lost asks again with HEAD and gets the same header.
 * - Half-finished uploads, and the answers of finished ones, go after RESUMABLE_UPLOAD_EXPIRY_MS.
 *
 * Files live under DATA_DIR/uploads-resumable; gateways that share an upload must share that
 * folder. Locks are per gateway: one device sends one file from one tab (media-outbox.ts).
 */
import type { IncomingMessage } from 'node:http';
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { Router, type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import { RESUMABLE_UPLOAD_EXPIRY_MS, UPLOAD_LIMIT_MESSAGES } from '@couchdb/model/upload-limits';
import { HttpError } from '../http-error';
import { requireCaller } from '../middleware/authenticate';
import { refuseWith, validate, type Validated } from '../middleware/validate';
import { checkDeclaredUpload, prepareUpload, type StoredMedia } from '../media/media-service';
import type { UploadQuota } from '../media/upload-quota';

/** The header that carries a finished upload's stored media. */
export const UPLOAD_MEDIA_HEADER = 'Upload-Media';
const TUS_VERSION = '1.0.0';
/** How often expired uploads are looked for. */
const CLEAN_UP_EVERY_MS = 60 * 60_000;

export interface ResumableUploadsOptions {
  dataDir: string;
  quota: UploadQuota;
  logger: Logger;
  /** Bytes received, and whether the request resumed an upload (its offset above 0). */
  onReceived?: (bytes: number, resumed: boolean) => void;
  /** How long an upload may take from its start (tests shorten it). */
  expiryMs?: number;
}

export interface ResumableUploads {
  router: Router;
  /** Deletes expired half-finished uploads and unread answers; the number deleted. */
  cleanUp(): Promise<number>;
  close(): void;
}

/** An upload a path names: the tus server's ids (hex), so an id never reaches outside its folder. */
const uploadParams = {
  schema: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }),
  refusal: refuseWith(404, 'not_found'),
};
type UploadHandler = Validated<{ params: typeof uploadParams }>;

/** What is kept of a finished upload until its device has read the answer (or it expires). */
interface FinishedUpload {
  owner: string;
  size: number;
  media: StoredMedia;
  finishedAt: number;
}

/** A tus hook's refusal: the gateway's `{error: {code, message}}` with its status. */
function refusal(err: HttpError) {
  return {
    status_code: err.status,
    body: JSON.stringify({ error: { code: err.code, message: err.message } }),
  };
}

const encodeMedia = (media: StoredMedia) =>
  Buffer.from(JSON.stringify(media)).toString('base64url');

/** The Node request behind the web Request a tus hook is given (where the caller is). */
function nodeRequest(req: unknown): IncomingMessage & { caller?: Request['caller'] } {
  const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  if (!node) throw new Error('resumable uploads: no Node request');
  return node;
}

export function resumableUploadRoutes(options: ResumableUploadsOptions): ResumableUploads {
  const { quota, logger } = options;
  const expiryMs = options.expiryMs ?? RESUMABLE_UPLOAD_EXPIRY_MS;
  const directory = path.join(options.dataDir, 'uploads-resumable');
  const finishedDir = path.join(directory, 'finished');
  const mediaDir = path.join(options.dataDir, 'media');
  mkdirSync(finishedDir, { recursive: true });
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  const finishedPath = (id: string) => path.join(finishedDir, `${id}.json`);

  /** Deletes an upload's bytes and record (its bytes may have been moved into the media already). */
  const forget = async (id: string) => {
    await rm(path.join(directory, id), { force: true });
    await datastore.configstore.delete(id).catch(() => undefined);
  };

  const readFinished = async (id: string): Promise<FinishedUpload | null> => {
    try {
      return JSON.parse(await readFile(finishedPath(id), 'utf8')) as FinishedUpload;
    } catch {
      return null;
    }
  };

  const tus = new Server({
    path: '/api/uploads',
    datastore,
    relativeLocation: true,
    // The gateway's own origin only: no cross-origin headers.
    allowedOrigins: [],
    exposedHeaders: [UPLOAD_MEDIA_HEADER],
    // A finished upload is already stored as media: nothing is left to terminate.
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(req, upload) {
      const caller = nodeRequest(req).caller!;
      try {
        if (upload.size === undefined)
          throw new HttpError(411, 'length_required', UPLOAD_LIMIT_MESSAGES.sizeUnknown);
        checkDeclaredUpload({
          originalname: upload.metadata?.filename ?? '',
          mimetype: upload.metadata?.filetype ?? '',
          size: upload.size,
        });
        // The whole file must fit today's quota now; each PATCH then takes its own bytes.
        const lease = await quota.acquire(caller.id, upload.size);
        await lease.release(0);
      } catch (err) {
        if (err instanceof HttpError) throw refusal(err);
        throw err;
      }
      return { metadata: { ...upload.metadata, owner: caller.id } };
    },
    async onUploadFinish(_req, upload) {
      const stored = await store(upload);
      return { headers: { [UPLOAD_MEDIA_HEADER]: encodeMedia(stored) } };
    },
  });

  /** Checks and stores a finished upload; its answer is kept for a device that asks again. */
  const store = async (upload: Upload): Promise<StoredMedia> => {
    const owner = upload.metadata?.owner ?? '';
    try {
      const prepared = await prepareUpload({
        path: path.join(directory, upload.id),
        originalname: upload.metadata?.filename ?? '',
        mimetype: upload.metadata?.filetype ?? '',
        size: upload.size ?? upload.offset,
      });
      const media = await prepared.store(mediaDir);
      const finished: FinishedUpload = {
        owner,
        size: upload.offset,
        media,
        finishedAt: Date.now(),
      };
      await writeFile(finishedPath(upload.id), JSON.stringify(finished));
      return media;
    } catch (err) {
      if (err instanceof HttpError) throw refusal(err);
      logger.error({ err, upload: upload.id }, 'storing a resumable upload failed');
      throw refusal(new HttpError(500, 'internal', UPLOAD_MESSAGES.serverUnavailable));
    } finally {
      await forget(upload.id);
    }
  };

  /** An upload answers its owner only; to anyone else it does not exist. */
  const ownUpload: UploadHandler = async (req, res, next) => {
    const { id } = req.params;
    const finished = await readFinished(id);
    if (finished) {
      if (finished.owner !== req.caller!.id) throw new HttpError(404, 'not_found');
      if (req.method !== 'HEAD') throw new HttpError(409, 'conflict', UPLOAD_MESSAGES.duplicate);
      // Finished: its answer again, for a device that lost it.
      res
        .status(200)
        .set({
          'Tus-Resumable': TUS_VERSION,
          'Upload-Offset': String(finished.size),
          'Upload-Length': String(finished.size),
          'Cache-Control': 'no-store',
          [UPLOAD_MEDIA_HEADER]: encodeMedia(finished.media),
        })
        .end();
      return;
    }
    const upload = await datastore.getUpload(id).catch(() => null);
    if (!upload || upload.metadata?.owner !== req.caller!.id) throw new HttpError(404, 'not_found');
    res.locals.offset = upload.offset;
    next();
  };

  /**
   * A PATCH takes its Content-Length from the account's quota and one of its upload slots before
   * its body is read, and keeps what was received when it ends (also when the connection drops).
   */
  const admitPatch: UploadHandler = async (req, res, next) => {
    const declared = req.headers['content-length'];
    if (declared === undefined)
      throw new HttpError(411, 'length_required', UPLOAD_LIMIT_MESSAGES.sizeUnknown);
    const from = res.locals.offset as number;
    const lease = await quota.acquire(req.caller!.id, Number(declared));
    res.on('close', () => {
      void (async () => {
        const answered = Number(res.getHeader('upload-offset'));
        const now = Number.isFinite(answered)
          ? answered
          : ((await datastore.getUpload(req.params.id).catch(() => null))?.offset ?? from);
        const received = Math.max(0, now - from);
        options.onReceived?.(received, from > 0);
        logger.info({ upload: req.params.id, offset: from, received }, 'upload bytes received');
        await lease.release(received);
      })().catch((err: unknown) =>
        logger.error({ err, account: req.caller?.id }, 'releasing an upload slot failed'),
      );
    });
    next();
  };

  /** The tus server reads the path it was mounted at. */
  const handOver: RequestHandler = (req, res, next) => {
    req.url = req.originalUrl;
    tus.handle(req, res).catch(next);
  };

  const router = Router();
  router.use(requireCaller);
  router.post('/', handOver);
  const checked = validate({ params: uploadParams });
  router.head('/:id', checked, ownUpload, handOver);
  router.patch('/:id', checked, ownUpload, admitPatch, handOver);
  router.delete('/:id', checked, ownUpload, handOver);
  router.options('/', handOver);

  const cleanUp = async (): Promise<number> => {
    let deleted = await tus.cleanUpExpiredUploads();
    const now = Date.now();
    for (const name of await readdir(finishedDir).catch(() => [] as string[])) {
      const file = path.join(finishedDir, name);
      const finished = await readFinished(path.basename(name, '.json'));
      const since = finished?.finishedAt ?? (await stat(file).catch(() => null))?.mtimeMs ?? now;
      if (now - since > expiryMs) {
        await rm(file, { force: true });
        deleted++;
      }
    }
    return deleted;
  };
  const timer = setInterval(() => {
    cleanUp().catch((err: unknown) => logger.warn({ err }, 'cleaning up expired uploads failed'));
  }, CLEAN_UP_EVERY_MS);
  timer.unref();

  void mkdir(directory, { recursive: true });
  return { router, cleanUp, close: () => clearInterval(timer) };
}
