/**
 * The packed storage (packed-storage.ts) against RxDB's Dexie storage as the oracle: fast-check
 * makes random runs of writes, deletes, clock jumps forwards and backwards, closes and reopens,
 * remove() after close(), cleanups, and two tabs writing over the same revision at once, on two or
 * three instances of one database. Each run is played on both storages, and each step must end
 * the same way on both (written, 409 with the same current version, or refused), as must what a
 * reopened instance reads at the end, and what each open instance reads once other tabs' writes
 * have reached it.
 *
 * The documents' revisions and write times are the test's own, as RxDB's storages take them, so
 * a clock jump is a write time before or after the last.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import {
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageInstanceCreationParams,
} from 'rxdb';
import { describe, expect, it, vi } from 'vitest';
import {
  itemSchema,
  type Item,
  type ItemDoc,
  type ItemInstance,
} from '@tests/fixtures/storage-items';
import { dexieStorage } from '@client/data/storage/device-storage';
import { packedStorage } from '@client/data/storage/packed-storage';

type Doc = ItemDoc;
type Instance = ItemInstance;
const schema = itemSchema;

const IDS = ['a', 'b', 'c'] as const;
const MINUTE_MS = 60_000;

type Op =
  | { kind: 'write'; slot: number; id: string; base: 'latest' | number; deleted: boolean }
  | { kind: 'race'; slots: [number, number]; id: string }
  | { kind: 'clock'; jumpMs: number }
  | { kind: 'close' | 'reopen' | 'removeAfterClose' | 'cleanup'; slot: number };

const slotArb = (slots: number) => fc.integer({ min: 0, max: slots - 1 });
const idArb = fc.constantFrom(...IDS);

const opArb = (slots: number): fc.Arbitrary<Op> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('write' as const),
        slot: slotArb(slots),
        id: idArb,
        base: fc.oneof({ weight: 3, arbitrary: fc.constant('latest' as const) }, fc.nat(6)),
        deleted: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(slotArb(slots), fc.integer({ min: 1, max: slots - 1 }), idArb)
        .map(([slot, step, id]): Op => ({
          kind: 'race',
          slots: [slot, (slot + step) % slots],
          id,
        })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('clock' as const),
        jumpMs: fc.integer({ min: -24 * 60 * MINUTE_MS, max: 24 * 60 * MINUTE_MS }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constantFrom('close' as const, 'reopen' as const, 'removeAfterClose' as const),
        slot: slotArb(slots),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('cleanup' as const), slot: slotArb(slots) }),
    },
  );

/** One storage under test: its instances of one database, by slot (null while closed). */
class Side {
  readonly slots: (Instance | null)[];
  private readonly all: Instance[] = [];

  constructor(
    private readonly storage: RxStorage<unknown, unknown>,
    private readonly multiInstance: boolean,
    slots: number,
    private readonly databaseName: string,
  ) {
    this.slots = Array.from({ length: slots }, () => null);
  }

  private params(): RxStorageInstanceCreationParams<Item, unknown> {
    return {
      databaseName: this.databaseName,
      databaseInstanceToken: 'token',
      collectionName: 'properties',
      schema,
      options: {},
      multiInstance: this.multiInstance,
      devMode: false,
    };
  }

  async open(slot: number): Promise<Instance> {
    const instance = (await this.storage.createStorageInstance(this.params())) as Instance;
    this.all.push(instance);
    this.slots[slot] = instance;
    return instance;
  }

  /** The slot's instance; a closed slot keeps its closed instance for the calls that refuse. */
  instance(slot: number): Instance | null {
    return this.slots[slot] ?? null;
  }

  async closeAll(): Promise<void> {
    for (const instance of this.all) await instance.close().catch(() => undefined);
  }
}

/** How a call ended, comparable across the two storages. */
async function outcome(work: () => Promise<RxStorageBulkWriteResponse<Item>>): Promise<string> {
  try {
    const result = await work();
    if (result.error.length === 0) return 'written';
    return (result.error as { status: number; documentInDb?: Doc }[])
      .map((error) => `${error.status} ${error.documentInDb?._rev ?? ''}`)
      .join(', ');
  } catch {
    return 'refused';
  }
}

async function settled(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return 'done';
  } catch {
    return 'refused';
  }
}

const view = (docs: Doc[]) =>
  docs
    .map((d) => [d.id, d._rev, d._deleted, d.title, d._meta.lwt])
    .sort((x, y) => String(x[0]).localeCompare(String(y[0])));

/** Plays `ops` on both sides, step by step; returns the trace of outcomes of each. */
async function play(
  ops: Op[],
  slots: number,
  multiInstance: boolean,
): Promise<{ packed: string[]; dexie: string[]; packedSide: Side; dexieSide: Side }> {
  // RxDB's Dexie storage keeps its databases by name for the process: a name a run.
  const databaseName = `cjfc_model_${(runs += 1)}`;
  const packedSide = new Side(
    packedStorage({ indexedDB: new IDBFactory(), IDBKeyRange, compactPastBlocks: 3 }),
    multiInstance,
    slots,
    databaseName,
  );
  const dexieSide = new Side(
    dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
    multiInstance,
    slots,
    databaseName,
  );
  for (let slot = 0; slot < slots; slot += 1) {
    await packedSide.open(slot);
    await dexieSide.open(slot);
  }
  const trace = { packed: [] as string[], dexie: [] as string[] };
  // Every version written, by id: a write's previous version is one of them.
  const versions = new Map<string, Doc[]>(IDS.map((id) => [id, []]));
  const latest = new Map<string, Doc>();
  let clock = Date.UTC(2026, 11, 6);
  let written = 0;

  const nextVersion = (id: string, previous: Doc | undefined, deleted: boolean): Doc => {
    written += 1;
    clock += 1;
    const height = previous ? Number.parseInt(previous._rev, 10) + 1 : 1;
    return {
      id,
      title: `第${written}次写`,
      _deleted: deleted,
      _rev: `${height}-w${written}`,
      _meta: { lwt: clock },
      _attachments: {},
    };
  };

  /** One step on both sides; the outcomes go to the traces, which must agree. */
  const both = async (name: string, work: (side: Side) => Promise<string>) => {
    const p = await work(packedSide);
    const d = await work(dexieSide);
    trace.packed.push(`${name}: ${p}`);
    trace.dexie.push(`${name}: ${d}`);
    return { p, d };
  };

  for (const op of ops) {
    switch (op.kind) {
      case 'clock':
        clock += op.jumpMs;
        break;
      case 'write': {
        const known = versions.get(op.id)!;
        const previous =
          op.base === 'latest' ? latest.get(op.id) : known[op.base % (known.length + 1)];
        const next = nextVersion(op.id, previous, op.deleted);
        const row = previous ? { document: next, previous } : { document: next };
        const { p } = await both(`write ${op.slot} ${next._rev}`, (side) =>
          outcome(() => side.instance(op.slot)!.bulkWrite([row], 'model')),
        );
        known.push(next);
        if (p === 'written') latest.set(op.id, next);
        break;
      }
      case 'race': {
        // Both tabs write the same version over the same one, at once: one of them wins.
        const previous = latest.get(op.id);
        const next = nextVersion(op.id, previous, false);
        const row = previous ? { document: next, previous } : { document: next };
        const { p } = await both(`race ${op.slots.join(',')} ${next._rev}`, async (side) => {
          const [one, two] = op.slots.map((slot) => side.instance(slot));
          if (!one || !two) return 'closed';
          const ends = await Promise.all([
            outcome(() => one.bulkWrite([row], 'model')),
            outcome(() => two.bulkWrite([row], 'model')),
          ]);
          return ends.sort().join(' | ');
        });
        versions.get(op.id)!.push(next);
        if (p.includes('written')) latest.set(op.id, next);
        break;
      }
      case 'close':
        await both(`close ${op.slot}`, (side) =>
          settled(async () => side.instance(op.slot)?.close()),
        );
        break;
      case 'reopen':
        await both(`reopen ${op.slot}`, (side) =>
          settled(async () => {
            await side.instance(op.slot)?.close();
            await side.open(op.slot);
          }),
        );
        break;
      case 'removeAfterClose':
        await both(`remove after close ${op.slot}`, (side) =>
          settled(async () => {
            const instance = side.instance(op.slot);
            if (!instance) return;
            await instance.close();
            await instance.remove();
          }),
        );
        break;
      case 'cleanup':
        // Every deleted document written before now (the test's clock runs near the real one).
        await both(`cleanup ${op.slot}`, (side) =>
          settled(async () => side.instance(op.slot)?.cleanup(0)),
        );
        break;
    }
  }
  return { ...trace, packedSide, dexieSide };
}

let runs = 0;

/** What an instance opened now reads, with deleted documents. */
async function reopenedView(side: Side, slots: number): Promise<unknown> {
  const fresh = await side.open(slots);
  return view(await fresh.findDocumentsById([...IDS], true));
}

describe('the packed storage, run for run beside RxDB’s Dexie storage', () => {
  for (const slots of [2, 3]) {
    for (const multiInstance of [false, true]) {
      it(`ends every step as Dexie does, ${slots} instances, multiInstance ${multiInstance}`, async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(opArb(slots), { minLength: 1, maxLength: 30 }), async (ops) => {
            const run = await play(ops, slots, multiInstance);
            try {
              await compare(run, slots, multiInstance);
            } finally {
              await run.packedSide.closeAll();
              await run.dexieSide.closeAll();
            }
          }),
          { numRuns: Number(process.env.MODEL_RUNS ?? (multiInstance ? 25 : 40)) },
        );
      }, 600_000);
    }
  }
});

async function compare(
  run: Awaited<ReturnType<typeof play>>,
  slots: number,
  multiInstance: boolean,
): Promise<void> {
  expect(run.packed).toEqual(run.dexie);
  expect(await reopenedView(run.packedSide, slots)).toEqual(
    await reopenedView(run.dexieSide, slots),
  );
  if (!multiInstance) return;
  // Each open tab reads what Dexie's do, once the others' writes have reached it.
  for (let slot = 0; slot < slots; slot += 1) {
    const ours = run.packedSide.instance(slot);
    const theirs = run.dexieSide.instance(slot);
    if (!ours || !theirs) continue;
    const expected = await settled(async () => theirs.findDocumentsById([...IDS], true)).then(
      async (end) => (end === 'done' ? view(await theirs.findDocumentsById([...IDS], true)) : end),
    );
    await vi.waitFor(async () => {
      const actual = await settled(async () => ours.findDocumentsById([...IDS], true)).then(
        async (end) => (end === 'done' ? view(await ours.findDocumentsById([...IDS], true)) : end),
      );
      expect(actual).toEqual(expected);
    });
  }
}
