/**
 * /api/sync: per-collection pull and push for RxDB replication, and one event stream per device
 * (DESIGN §5). Every read and write is projected or checked for the caller's role.
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  PULL_LIMIT_DEFAULT,
  PULL_LIMIT_MAX,
  PUSH_ROWS_MAX,
  STREAM_EVENTS,
  STREAM_HEARTBEAT_MS,
  STREAM_RECONNECT_MS,
  SYNC_DOC_MAX_BYTES,
  SYNC_MESSAGES,
  SYNC_SCOPES,
  isSyncCollection,
  type PushRow,
  type SyncCollection,
} from '@couchdb/model/sync';
import { accessRoleOf, readScope } from '@couchdb/rules/collection-access';
import { HttpError } from '../http-error';
import { requireCaller } from '../middleware/authenticate';
import type { GatewayMetrics } from '../metrics';
import { jsonBody } from '../middleware/json-body';
import type { ChangeFeed, FeedEvent } from '../services/change-feed';
import type { EventStreams } from '../services/event-streams';
import type { StreamGate } from '../services/stream-gate';
import type { SyncService } from '../services/sync-service';
import { gzippedPull, PULL_GZIP_MIN_BYTES } from '../services/sync/pull-pages';
import { requestInfo } from './request-info';

const pullQuery = z.object({
  // An opaque store sequence: digits (PouchDB Server) or CouchDB's "N-base64" strings.
  checkpoint: z
    .string()
    .regex(/^[0-9A-Za-z_-]{1,300}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(PULL_LIMIT_MAX).default(PULL_LIMIT_DEFAULT),
  /** Whom the checkpoint was made for, and the former role during a re-pull (SyncCheckpoint). */
  role: z.enum(SYNC_SCOPES).optional(),
  was: z.enum(SYNC_SCOPES).optional(),
  /** The gateway's seal of those two (CheckpointSeal). */
  sig: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});

const pushBody = z
  .array(
    z.object({
      assumedMasterState: z.record(z.string(), z.unknown()).nullable().optional(),
      newDocumentState: z.record(z.string(), z.unknown()),
    }),
  )
  .max(PUSH_ROWS_MAX, SYNC_MESSAGES.tooManyRows);

function collectionOf(req: Request): SyncCollection {
  const name = String(req.params.collection);
  if (!isSyncCollection(name))
    throw new HttpError(404, 'not_found', SYNC_MESSAGES.unknownCollection);
  // A collection the caller's role reads nothing of (DESIGN §4): sign in, or not for you.
  if (readScope(name, accessRoleOf(req.caller ?? null)) === 'none') {
    throw req.caller ? new HttpError(403, 'forbidden') : new HttpError(401, 'unauthorized');
  }
  return name;
}

export interface SyncRouteDeps {
  sync: SyncService;
  feed: ChangeFeed;
  streams: EventStreams;
  metrics: GatewayMetrics;
  /** The caps on open streams per account and address, shared by every gateway. */
  gate: StreamGate;
}

export function syncRoutes({ sync, feed, streams, metrics, gate }: SyncRouteDeps): Router {
  const router = Router();

  router.get('/stream', async (req, res) => {
    // Shutting down: the device retries, reaching a gateway that stays.
    if (streams.closed) throw new HttpError(503, 'store_unavailable');
    let gone = false;
    req.on('close', () => (gone = true));
    const admitted = await gate.admit(req.caller?.id ?? null, req.ip ?? 'unknown');
    if (gone || streams.closed) {
      admitted();
      if (gone) return;
      throw new HttpError(503, 'store_unavailable');
    }
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no', // let reverse proxies pass events through at once
    });
    res.flushHeaders();
    const send = (event: string, data: unknown) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send(STREAM_EVENTS.resync, {});
    const unsubscribe = feed.subscribe((e: FeedEvent) => {
      if (e.type === 'resync') send(STREAM_EVENTS.resync, {});
      else send(STREAM_EVENTS.change, { collection: e.collection });
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), STREAM_HEARTBEAT_MS);
    const release = streams.add(() => res.end(`retry: ${STREAM_RECONNECT_MS}\n\n`));
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      release();
      admitted();
    });
    res.on('close', () => {
      release();
      admitted();
    });
  });

  router.get('/:collection/pull', async (req, res) => {
    const collection = collectionOf(req);
    const query = pullQuery.safeParse(req.query);
    if (!query.success) throw new HttpError(400, 'bad_request', SYNC_MESSAGES.badCheckpoint);
    const { checkpoint, limit, role, was, sig } = query.data;
    const page = await sync.pullEncoded(
      collection,
      req.caller ?? null,
      checkpoint
        ? {
            seq: checkpoint,
            ...(role ? { role } : {}),
            ...(was ? { was } : {}),
            ...(sig ? { sig } : {}),
          }
        : null,
      limit,
    );
    // The bytes as encoded (shared by visitors asking the same page), gzipped for a device that
    // takes it; no ETag: never cached.
    const gzipped =
      page.json.length >= PULL_GZIP_MIN_BYTES && req.acceptsEncodings('gzip') === 'gzip';
    const body = gzipped ? await gzippedPull(page) : page.json;
    res.set({
      'Cache-Control': 'no-store',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
      Vary: 'Accept-Encoding',
      ...(gzipped ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(body);
  });

  router.post(
    '/:collection/push',
    requireCaller,
    jsonBody(PUSH_ROWS_MAX * SYNC_DOC_MAX_BYTES),
    async (req, res) => {
      const collection = collectionOf(req);
      const rows = pushBody.safeParse(req.body);
      if (!rows.success)
        throw new HttpError(400, 'validation_failed', rows.error.issues[0]?.message);
      const answer = await sync.push(
        collection,
        {
          viewer: req.caller!,
          request: requestInfo(req),
        },
        rows.data as PushRow[],
      );
      metrics.countPush(collection, answer);
      res.json(answer);
    },
  );

  return router;
}
