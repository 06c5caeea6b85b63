/**
 * /api/sync: per-collection pull and push for RxDB replication, and one event stream per device
 * (architecture §5). Every read and write is projected or checked for the caller's role.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import {
  PULL_LIMIT_DEFAULT,
  PULL_LIMIT_MAX,
  PUSH_ROWS_MAX,
  STREAM_EVENTS,
  STREAM_HEARTBEAT_MS,
  STREAM_RECONNECT_MS,
  SYNC_DOC_MAX_BYTES,
  SYNC_COLLECTIONS,
  SYNC_MESSAGES,
  SYNC_AFTER_MAX,
  SYNC_SCOPES,
  isSyncCollection,
  type SyncCheckpoint,
  type SyncCollection,
} from '@couchdb/model/sync';
import { accessRoleOf, readScope } from '@couchdb/rules/collection-access';
import { HttpError } from '../http-error';
import { callerOf, requireCaller } from '../middleware/authenticate';
import type { GatewayMetrics } from '../metrics';
import { jsonBody } from '../middleware/json-body';
import { refuseWith, validate, type PartSchema } from '../middleware/validate';
import type { AccountDirectory } from '../services/account-directory';
import type { ChangeFeed, FeedEvent } from '../services/change-feed';
import type { EventStreams } from '../services/event-streams';
import type { StreamGate } from '../services/stream-gate';
import type { SyncService } from '../services/sync/sync-service';
import type { Caller } from '../services/tokens';
import { gzippedPull, PULL_GZIP_MIN_BYTES } from '../services/sync/pull-pages';
import { requestInfo } from './request-info';

const pullQuery = z.object({
  // An opaque store sequence: digits (PouchDB Server) or CouchDB's "N-base64" strings.
  checkpoint: z
    .string()
    .regex(/^[0-9A-Za-z_-]{1,300}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(PULL_LIMIT_MAX).default(PULL_LIMIT_DEFAULT),
  /** The set of versions the checkpoint names (SyncCheckpoint.state: 16 bytes, base64url). */
  state: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .optional(),
  /** In a first sync, the last id its walk sent (SyncCheckpoint.after). */
  after: z.string().min(1).max(SYNC_AFTER_MAX).optional(),
  /** Whom the checkpoint was made for, and the former role during a re-pull (SyncCheckpoint). */
  role: z.enum(SYNC_SCOPES).optional(),
  was: z.enum(SYNC_SCOPES).optional(),
  /** The gateway's seal of those two (CheckpointSeal). */
  sig: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});

/** A pull's query; anything else is refused with the sync model's text. */
const pullQueryPart = {
  schema: pullQuery,
  refusal: refuseWith(400, 'bad_request', SYNC_MESSAGES.badCheckpoint),
};

/**
 * A push's rows, each checked by the push itself (a row with a bad id is refused alone); a body
 * that is not such a list is refused whole, with its first message.
 */
const pushBody = {
  schema: z
    .array(
      z.object({
        assumedMasterState: z.record(z.string(), z.unknown()).nullable().optional(),
        newDocumentState: z.record(z.string(), z.unknown()),
      }),
    )
    .max(PUSH_ROWS_MAX, SYNC_MESSAGES.tooManyRows),
  refusal: (failure) => new HttpError(400, 'validation_failed', failure.message),
} satisfies PartSchema;

/** The collection a path names; a name that is none is refused with the sync model's text. */
const collectionParams = {
  schema: z.object({ collection: z.enum(SYNC_COLLECTIONS) }),
  refusal: refuseWith(404, 'not_found', SYNC_MESSAGES.unknownCollection),
};

/** Whether `caller`'s role reads anything of `collection` (architecture §4). */
const readsAny = (collection: SyncCollection, caller: Caller | null) =>
  readScope(collection, accessRoleOf(caller)) !== 'none';

/** A collection the caller's role reads nothing of: sign in, or not for you. */
const readableCollection: RequestHandler<
  { collection: SyncCollection },
  unknown,
  unknown,
  unknown
> = (req, _res, next) => {
  if (!readsAny(req.params.collection, req.caller ?? null))
    throw req.caller ? new HttpError(403, 'forbidden') : new HttpError(401, 'unauthorized');
  next();
};

/** What a pull's query asks for: the checkpoint to pull from (null: the start) and the page's size. */
interface PullAsk {
  checkpoint: SyncCheckpoint | null;
  limit: number;
}

/** The pull a query asks for. */
function pullAsked({
  checkpoint,
  limit,
  state,
  after,
  role,
  was,
  sig,
}: z.output<typeof pullQuery>): PullAsk {
  return {
    checkpoint: checkpoint
      ? {
          seq: checkpoint,
          ...(state ? { state } : {}),
          ...(after ? { after } : {}),
          ...(role ? { role } : {}),
          ...(was ? { was } : {}),
          ...(sig ? { sig } : {}),
        }
      : null,
    limit,
  };
}

/** Reads the page `ask` names for `caller` and sends it. */
async function answerPull(
  sync: SyncService,
  req: Pick<Request, 'acceptsEncodings'>,
  res: Response,
  collection: SyncCollection,
  caller: Caller | null,
  ask: PullAsk,
): Promise<void> {
  const page = await sync.pullEncoded(collection, caller, ask.checkpoint, ask.limit);
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
}

/** A device's pull of a collection's changes: GET /api/sync/<collection>/pull, as the app sees it. */
const PULL_URL = /^\/api\/sync\/([a-z_]+)\/pull(?:\?|$)/;

/** The collection a request pulls, or undefined when it is not a device's pull. */
export const pulledCollection = (req: Request): string | undefined =>
  req.method === 'GET' ? PULL_URL.exec(req.url)?.[1] : undefined;

export interface PullShortcutDeps {
  sync: SyncService;
  secret: string;
  accounts: AccountDirectory;
  /** The headers every answer of the gateway carries (its security headers), as they are set. */
  headers: Record<string, string>;
}

/**
 * Devices' pulls answered as soon as they are read, past the rest of the app's middleware (architecture
 * §11). A pull of a device that is up to date reads its page in about 15 µs; the rest of the stack
 * (helmet's dozen middleware, the access log's wrapper, two routers and their parameters) cost it
 * about 60 µs more, a sixth of the gateway's CPU for it, and 200 devices pulling at once wait for
 * each other's share. Only the ordinary pull is answered here: the caller's token checked as `authenticate`
 * checks it, the collection one its role reads, the query a pull's and the page read. Anything
 * else (an unknown collection, a bad token, a refused role, a bad query, a failed read) goes on
 * through the whole stack, which answers it as any request, in the one error shape, logged.
 */
export function pullShortcut({
  sync,
  secret,
  accounts,
  headers,
}: PullShortcutDeps): RequestHandler {
  return (req, res, next) => {
    const name = pulledCollection(req);
    if (!name || !isSyncCollection(name)) return next();
    void (async () => {
      let caller: Caller | null;
      try {
        caller = (await callerOf(req.headers.authorization, secret, accounts)) ?? null;
      } catch {
        return next();
      }
      // The pull route's own query schema, read here before the routers (see above).
      const query = pullQuery.safeParse(req.query);
      if (!query.success || !readsAny(name, caller)) return next();
      res.set(headers);
      try {
        await answerPull(sync, req, res, name, caller, pullAsked(query.data));
      } catch {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        for (const header of Object.keys(headers)) res.removeHeader(header);
        next();
      }
    })();
  };
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

  router.get(
    '/:collection/pull',
    validate({ params: collectionParams }),
    readableCollection,
    validate({ query: pullQueryPart }),
    async (req, res) => {
      const ask = pullAsked(req.query);
      await answerPull(sync, req, res, req.params.collection, req.caller ?? null, ask);
    },
  );

  router.post(
    '/:collection/push',
    requireCaller,
    jsonBody(PUSH_ROWS_MAX * SYNC_DOC_MAX_BYTES),
    validate({ params: collectionParams }),
    readableCollection,
    validate({ body: pushBody }),
    async (req, res) => {
      const { collection } = req.params;
      const answer = await sync.push(
        collection,
        { viewer: req.caller!, request: requestInfo(req) },
        req.body,
      );
      metrics.countPush(collection, answer);
      res.json(answer);
    },
  );

  return router;
}
