/**
 * A first sync that changes gateway in the middle (architecture §5). Two gateways read the same
 * store, but a sharded CouchDB interleaves its shards differently in every read of its feed, so
 * their change logs hold the same versions in different orders, under sequences of their own. A
 * first sync walks the set of versions its first page saw in id order, then the feed after it: a
 * device sent to either gateway page by page gets every document's latest version, each version
 * once and never an older one after a newer, and every page comes from memory.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SyncCheckpoint } from '../../../../couchdb/model/sync';
import type { ChangeFeed } from '../../../../sync-server/services/change-feed';
import { ChangeLog } from '../../../../sync-server/services/change-log';
import { CheckpointSeal } from '../../../../sync-server/services/sync/checkpoint-seal';
import { pullChanges, type PullSources } from '../../../../sync-server/services/sync/pull';
import type { Store } from '../../../../sync-server/store/couch';
import { toStoreDoc } from '../../../../sync-server/store/documents';
import { buildProperty } from '../../../fixtures/builders';

/** A public listing `n` at revision `rev`. */
const version = (n: number, rev: number) => ({
  ...toStoreDoc(buildProperty({ id: `p-${String(n).padStart(3, '0')}`, price: 100_000 + rev })),
  _rev: `${rev}-r${n}`,
});

/** One gateway: its log, the sequences it names its changes by, and a pull as the route makes it. */
function gateway(name: string) {
  const log = new ChangeLog();
  log.ready = true;
  let seq = 0;
  const feed = { log: () => log } as unknown as ChangeFeed;
  // The store is never read while the log knows the checkpoint: any read fails the test.
  const store = {
    db: () => {
      throw new Error(`gateway ${name} read the store`);
    },
  } as unknown as Store;
  const sources: PullSources = { memory: 0, store: 0 };
  const seal = new CheckpointSeal('one secret for every gateway');
  return {
    sources,
    append: (n: number, rev: number) => log.append(`${name}${++seq}`, version(n, rev)),
    pull: (checkpoint: SyncCheckpoint | null, limit: number) =>
      pullChanges(store, feed, seal, sources, {
        collection: 'properties',
        viewer: null,
        checkpoint,
        limit,
      }),
  };
}

/** Every version of `revisions[n]` documents, in an order given by `picks` (each document's in order). */
function interleave(revisions: number[], picks: number[]): [number, number][] {
  const next = revisions.map(() => 1);
  const order: [number, number][] = [];
  let p = 0;
  for (;;) {
    const open = revisions.map((r, n) => (next[n]! <= r ? n : -1)).filter((n) => n >= 0);
    if (open.length === 0) return order;
    const n = open[(picks[p++ % Math.max(picks.length, 1)] ?? 0) % open.length]!;
    order.push([n, next[n]!++]);
  }
}

describe("a first sync's walk", () => {
  it('goes on at any gateway that held the same versions, each version once, all from memory', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        // Changes made during the walk: a document (an existing one or a new one), before page k.
        fc.array(fc.record({ doc: fc.nat({ max: 30 }), beforePage: fc.nat({ max: 12 }) }), {
          maxLength: 8,
        }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }),
        async (revisions, picksA, picksB, later, limit, route) => {
          const a = gateway('a');
          const b = gateway('b');
          for (const [n, rev] of interleave(revisions, picksA)) a.append(n, rev);
          for (const [n, rev] of interleave(revisions, picksB)) b.append(n, rev);
          const latest = new Map(revisions.map((r, n) => [n, r]));

          const held = new Map<string, number>();
          const received = new Set<string>();
          let checkpoint: SyncCheckpoint | null = null;
          for (let page = 0; ; page++) {
            for (const change of later.filter((c) => c.beforePage === page)) {
              const rev = (latest.get(change.doc) ?? 0) + 1;
              latest.set(change.doc, rev);
              // Both feeds bring it (after what each held before).
              a.append(change.doc, rev);
              b.append(change.doc, rev);
            }
            const from: ReturnType<typeof gateway> = route[page % route.length] ? a : b;
            const answer = await from.pull(checkpoint, limit);
            for (const doc of answer.documents) {
              const rev = Number.parseInt(String(doc.server_rev), 10);
              expect(received.has(`${doc.id}@${rev}`)).toBe(false);
              received.add(`${doc.id}@${rev}`);
              expect(rev).toBeGreaterThan(held.get(doc.id) ?? 0);
              held.set(doc.id, rev);
            }
            checkpoint = answer.checkpoint;
            const laterPages = later.some((c) => c.beforePage > page);
            if (answer.documents.length === 0 && !laterPages) break;
            expect(page).toBeLessThan(200);
          }
          const want = new Map(
            [...latest].map(([n, rev]) => [version(n, rev)._id, rev] as [string, number]),
          );
          expect(held).toEqual(want);
          expect(a.sources.store + b.sources.store).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("names the walk's place by the versions and the last id sent, not by the gateway's order", async () => {
    const a = gateway('a');
    const b = gateway('b');
    for (const n of [3, 1, 4, 0, 2]) a.append(n, 1);
    for (const n of [2, 0, 4, 1, 3]) b.append(n, 1);
    const first = await a.pull(null, 2);
    expect(first.documents.map((d) => d.id)).toEqual(['p-000', 'p-001']);
    expect(first.checkpoint).toMatchObject({ seq: 'a5', after: 'p-001' });
    const second = await b.pull(first.checkpoint, 2);
    expect(second.documents.map((d) => d.id)).toEqual(['p-002', 'p-003']);
    expect(second.checkpoint).toMatchObject({ seq: 'b5', state: first.checkpoint!.state });
    const last = await a.pull(second.checkpoint, 2);
    expect(last.documents.map((d) => d.id)).toEqual(['p-004']);
    // The walk is done: the checkpoint is the feed's own again.
    expect(last.checkpoint).toMatchObject({ seq: 'a5', after: null });
  });
});
