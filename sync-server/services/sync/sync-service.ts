/**
 * Role-projected replication (architecture §4–§5), split by job in this folder: pull walks a
 * database's changes from the device's checkpoint and projects every document for the caller;
 * push checks every row against the shared rules and writes it through its collection's write
 * policy.
 */
import type {
  PullResponse,
  PushResponse,
  SyncCheckpoint,
  SyncCollection,
} from '@couchdb/model/sync';
import type { Viewer } from '@couchdb/rules/access';
import type { Store } from '../../store/couch';
import type { ChangeFeed } from '../change-feed';
import { OplogService } from '../oplog-service';
import { pullChanges, pullEncoded, type PullSources } from './pull';
import { PullPages, type EncodedPull } from './pull-pages';
import { pushRows, type PushContext } from './push';
import type { SentRow } from './push-decision';
import { CheckpointSeal } from './checkpoint-seal';
import { OwnedCap } from './owned-cap';
import type { LimitStore } from '../limits/limit-store';

export class SyncService {
  private readonly oplog: OplogService;
  private readonly caps: OwnedCap | undefined;
  /** Visitors' pull pages, encoded once while the change log stands still. */
  readonly pages = new PullPages();
  /** Pulls answered from the change log and from the store so far (the metrics read them). */
  readonly pullSources: PullSources = { memory: 0, store: 0 };
  private readonly seal: CheckpointSeal;

  /** `secret`: what every gateway shares (the JWT secret), sealing pull checkpoints. */
  constructor(
    private readonly store: Store,
    private readonly feed?: ChangeFeed,
    limits?: LimitStore,
    secret?: string,
  ) {
    this.seal = new CheckpointSeal(secret);
    this.oplog = new OplogService(store);
    this.caps = limits ? new OwnedCap(store, limits) : undefined;
  }

  /** Up to `limit` documents visible to `viewer` changed after `checkpoint`, and the next checkpoint. */
  pull(
    collection: SyncCollection,
    viewer: Viewer,
    checkpoint: SyncCheckpoint | null,
    limit: number,
  ): Promise<PullResponse> {
    return pullChanges(this.store, this.feed, this.seal, this.pullSources, {
      collection,
      viewer,
      checkpoint,
      limit,
    });
  }

  /** The pull as the JSON bytes sent (a visitor's page encoded once for every visitor asking it). */
  pullEncoded(
    collection: SyncCollection,
    viewer: Viewer,
    checkpoint: SyncCheckpoint | null,
    limit: number,
  ): Promise<EncodedPull> {
    return pullEncoded(this.store, this.feed, this.pages, this.seal, this.pullSources, {
      collection,
      viewer,
      checkpoint,
      limit,
    });
  }

  /** Applies a device's rows; refusals and concurrent writes answer the server's version. */
  push(
    collection: SyncCollection,
    ctx: PushContext,
    rows: readonly SentRow[],
  ): Promise<PushResponse> {
    return pushRows(
      {
        store: this.store,
        oplog: this.oplog,
        feed: this.feed,
        ...(this.caps ? { caps: this.caps } : {}),
      },
      collection,
      ctx,
      rows,
    );
  }
}
