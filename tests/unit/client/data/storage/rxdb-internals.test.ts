/**
 * RxDB's private internals the data layer relies on (client/data/storage/rxdb-internals.ts), held
 * to the RxDB installed: after an upgrade, a test here fails and names the internal that changed,
 * instead of the device storage or the sync going subtly wrong. Each test uses the internal as the
 * data layer does, on RxDB's own memory, Dexie (fake-indexeddb), remote storages and replication.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DBCore, Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  countRxQuerySubscribers,
  createRxDatabase,
  fillWithDefaultSettings,
  getMetaWriteRow,
  INTERNAL_STORAGE_NAME,
  RXDB_VERSION,
  uncacheRxQuery,
  type BulkWriteRow,
  type EventBulk,
  type RxCollection,
  type RxDatabase,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
  type RxStorageReplicationMeta,
} from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import {
  getMemoryCollectionKey,
  getRxStorageMemory,
  removeDocFromState,
  type RxStorageInstanceMemory,
} from 'rxdb/plugins/storage-memory';
import { exposeRxStorageRemote, getRxStorageRemote } from 'rxdb/plugins/storage-remote';
import { firstValueFrom, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyMemoryWrites,
  categorizeBulkWriteRows,
  checkpointBefore,
  createRevision,
  DEXIE_RANGE,
  dexieDatabaseName,
  forgetMemoryState,
  forkInstanceOf,
  getAssumedMasterState,
  getChangedDocumentsSince,
  getHeightOfRevision,
  getLastCheckpointDoc,
  isActiveNow,
  isAsPulled,
  isRxdbOwnCollection,
  memoryDocuments,
  metaWriteRow,
  now,
  prepareQuery,
  pulledMarks,
  pulledStateOf,
  pullWriteContext,
  randomToken,
  removeFromMemory,
  REMOTE_FAILURE_WORDINGS,
  REPLICATION_META_PREFIX,
  retryTimeOf,
  runningReplication,
  setRetryTime,
  storedDataOf,
  uncacheIdleQueries,
  writeDocToDocState,
  type MessageFromRemote,
  type MessageToRemote,
} from '@client/data/storage/rxdb-internals';
import { keepingPulledMarks, markPulledWrites } from '@client/data/storage/pulled-marks';
import { rxdbCodeUnitSort, sortByCodeUnits } from '../../../../../scripts/rxdb-code-unit-sort';
import { keepUnchangedDocuments, rxdbDexieFields } from '../../../../../scripts/rxdb-dexie-fields';

const require = createRequire(import.meta.url);
const rxdbDir = path.dirname(require.resolve('rxdb/package.json'));
const inRxdb = (file: string) => path.join(rxdbDir, 'dist/esm', file);

interface Note {
  id: string;
  title: string;
  n: number;
}

const noteSchema: RxJsonSchema<Note> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    title: { type: 'string' },
    n: { type: 'number', minimum: 0, maximum: 1_000_000, multipleOf: 1 },
  },
  required: ['id', 'title', 'n'],
  indexes: ['n'],
};

type Stored = RxDocumentData<Note>;
const stored = (id: string, n: number, rest: Partial<Stored> = {}): Stored => ({
  id,
  title: `note ${id}`,
  n,
  _deleted: false,
  _attachments: {},
  _rev: createRevision('test'),
  _meta: { lwt: now() },
  ...rest,
});

const unique = (name: string) => `${name}-${randomToken(8)}`;

function params(
  databaseName: string,
  collectionName = 'notes',
): RxStorageInstanceCreationParams<Note, never> {
  return {
    databaseInstanceToken: 'test-token',
    databaseName,
    collectionName,
    schema: fillWithDefaultSettings(noteSchema),
    options: {} as never,
    multiInstance: false,
    devMode: false,
  };
}

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

describe('the RxDB installed', () => {
  it('is the version package.json names', async () => {
    const project = JSON.parse(
      await readFile(new URL('../../../../../package.json', import.meta.url), 'utf8'),
    ) as { dependencies: Record<string, string> };
    const installed = JSON.parse(await readFile(path.join(rxdbDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(installed.version, 'node_modules/rxdb is not the rxdb of package.json').toBe(
      project.dependencies.rxdb,
    );
    expect(RXDB_VERSION).toBe(installed.version);
  });
});

describe('RxDB’s helpers the data layer calls', () => {
  const helpers: [string, unknown, number, string][] = [
    ['categorizeBulkWriteRows', categorizeBulkWriteRows, 7, 'rx-storage-helper.js'],
    ['getChangedDocumentsSince', getChangedDocumentsSince, 3, 'rx-storage-helper.js'],
    ['prepareQuery', prepareQuery, 2, 'rx-query-helper.js'],
    ['now', now, 0, 'plugins/utils/utils-time.js'],
    ['randomToken', randomToken, 0, 'plugins/utils/utils-string.js'],
    ['createRevision', createRevision, 2, 'plugins/utils/utils-revision.js'],
    ['getHeightOfRevision', getHeightOfRevision, 1, 'plugins/utils/utils-revision.js'],
    ['getLastCheckpointDoc', getLastCheckpointDoc, 2, 'replication-protocol/checkpoint.js'],
    ['getAssumedMasterState', getAssumedMasterState, 2, 'replication-protocol/meta-instance.js'],
    ['getMetaWriteRow', getMetaWriteRow, 4, 'replication-protocol/meta-instance.js'],
    ['writeDocToDocState', writeDocToDocState, 3, 'replication-protocol/helper.js'],
    ['countRxQuerySubscribers', countRxQuerySubscribers, 1, 'query-cache.js'],
    ['uncacheRxQuery', uncacheRxQuery, 2, 'query-cache.js'],
    ['removeDocFromState', removeDocFromState, 4, 'plugins/storage-memory/memory-helper.js'],
    [
      'getMemoryCollectionKey',
      getMemoryCollectionKey,
      3,
      'plugins/storage-memory/memory-helper.js',
    ],
  ];

  it.each(helpers)(
    '%s is exported, with the parameters it is called with',
    (name, fn, arity, where) => {
      expect(typeof fn, `RxDB no longer exports ${name} (${where})`).toBe('function');
      expect((fn as () => unknown).length, `RxDB's ${name} (${where}) takes other parameters`).toBe(
        arity,
      );
    },
  );

  it('now() stamps write times in ms with two decimals, never the same twice', () => {
    const times = Array.from({ length: 300 }, () => now());
    for (const [i, time] of times.entries()) {
      expect(
        Math.abs(time * 100 - Math.round(time * 100)),
        'now() keeps two decimals',
      ).toBeLessThan(1e-6);
      if (i > 0) expect(time, 'now() goes forward').toBeGreaterThan(times[i - 1]!);
    }
    expect(Math.abs(times[0]! - Date.now()), 'now() is in ms').toBeLessThan(1_000);
  });

  it('createRevision and getHeightOfRevision read and make revisions <height>-<hash>', () => {
    const first = createRevision('tokenA');
    expect(first, 'createRevision').toBe('1-tokenA');
    const second = createRevision('tokenB', { _rev: first } as never);
    expect(second, 'createRevision').toBe('2-tokenB');
    expect(getHeightOfRevision(second), 'getHeightOfRevision').toBe(2);
  });
});

describe('categorizeBulkWriteRows', () => {
  it('decides a write against the stored versions, with the fields the packed storage reads', () => {
    const instance = { schema: fillWithDefaultSettings(noteSchema) };
    const a = stored('a', 1);
    const c = stored('c', 3);
    const insertB: BulkWriteRow<Note> = { document: stored('b', 2) };
    const updateA: BulkWriteRow<Note> = {
      previous: a,
      document: { ...a, n: 10, _rev: createRevision('test', a) },
    };
    const staleC: BulkWriteRow<Note> = {
      previous: { ...c, _rev: '1-other' },
      document: { ...c, n: 30, _rev: '2-other' },
    };
    const result = categorizeBulkWriteRows(
      instance as never,
      'id' as never,
      new Map([
        ['a', a],
        ['c', c],
      ]),
      [insertB, updateA, staleC],
      'test',
    );
    const where = 'categorizeBulkWriteRows (rx-storage-helper.js)';
    expect(
      result.bulkInsertDocs.map((row) => row.document),
      `${where}: bulkInsertDocs`,
    ).toEqual([insertB.document]);
    expect(
      result.bulkUpdateDocs.map((row) => row.document),
      `${where}: bulkUpdateDocs`,
    ).toEqual([updateA.document]);
    expect(result.errors, `${where}: errors`).toHaveLength(1);
    expect(result.errors[0], `${where}: a stale revision's 409`).toMatchObject({
      status: 409,
      documentId: 'c',
      documentInDb: c,
    });
    expect(result.errors[0]!.writeRow, `${where}: an error's writeRow`).toBe(staleC);
  });
});

describe('the memory storage’s internals (under the packed storage)', () => {
  async function memoryWith(docs: Stored[]) {
    const storage = getRxStorageMemory();
    const databaseName = unique('memory');
    const memory = (await storage.createStorageInstance(
      params(databaseName),
    )) as unknown as RxStorageInstanceMemory<unknown>;
    closing.push(() => memory.close());
    if (docs.length > 0)
      await memory.bulkWrite(
        docs.map((document) => ({ document })),
        'test',
      );
    return { storage, memory, databaseName };
  }

  it('keeps its documents in a Map by id, and its indexes in byIndexArray', async () => {
    const docs = [stored('a', 1), stored('b', 2)];
    const { memory } = await memoryWith(docs);
    expect(
      typeof memory.ensurePersistence,
      'ensurePersistence (rx-storage-instance-memory.js)',
    ).toBe('function');
    applyMemoryWrites(memory);
    const documents = memoryDocuments(memory);
    expect(documents, 'internals.documents (memory-types.js) is a Map').toBeInstanceOf(Map);
    expect([...documents.keys()].sort(), 'internals.documents by id').toEqual(['a', 'b']);
    expect(documents.get('b'), 'internals.documents holds the stored version').toEqual(docs[1]);
    const byIndexArray = (memory.internals as { byIndexArray?: unknown }).byIndexArray;
    expect(Array.isArray(byIndexArray), 'internals.byIndexArray is an array').toBe(true);
    for (const index of byIndexArray as { docsWithIndex: unknown[] }[])
      expect(index.docsWithIndex, 'internals.byIndexArray[].docsWithIndex').toHaveLength(2);
  });

  it('ensurePersistence applies an answered write before the next read', async () => {
    const { memory } = await memoryWith([]);
    void memory.bulkWrite([{ document: stored('late', 5) }], 'test');
    applyMemoryWrites(memory);
    expect(memoryDocuments(memory).has('late'), 'ensurePersistence').toBe(true);
  });

  it('removeDocFromState takes a document out of its documents and indexes, with no event', async () => {
    const docs = [stored('a', 1), stored('b', 2)];
    const { memory } = await memoryWith(docs);
    applyMemoryWrites(memory);
    const events: unknown[] = [];
    const sub = memory.changeStream().subscribe((bulk) => events.push(bulk));
    removeFromMemory(memory, 'id', memory.schema, docs[0]!);
    sub.unsubscribe();
    expect(memoryDocuments(memory).has('a'), 'removeDocFromState: documents').toBe(false);
    const byIndexArray = (memory.internals as { byIndexArray: { docsWithIndex: unknown[] }[] })
      .byIndexArray;
    for (const index of byIndexArray)
      expect(index.docsWithIndex, 'removeDocFromState: byIndexArray').toHaveLength(1);
    expect(events, 'removeDocFromState sends no change event').toEqual([]);
    const found = await memory.findDocumentsById(['a', 'b'], true);
    expect(found.map((doc) => (doc as Stored).id)).toEqual(['b']);
  });

  it('keeps an instance’s state in collectionStates after close, until forgotten', async () => {
    const { storage, memory, databaseName } = await memoryWith([stored('a', 1)]);
    const key = getMemoryCollectionKey(databaseName, 'notes', 0);
    expect(storage.collectionStates, 'collectionStates (storage-memory/index.js)').toBeInstanceOf(
      Map,
    );
    expect(storage.collectionStates.get(key), 'collectionStates by getMemoryCollectionKey').toBe(
      memory.internals,
    );
    await memory.close();
    expect(storage.collectionStates.has(key), 'collectionStates after close').toBe(true);
    forgetMemoryState(storage, memory);
    expect(storage.collectionStates.has(key)).toBe(false);
  });
});

describe('changes since a checkpoint', () => {
  it('getChangedDocumentsSince pages by write time then id, with the checkpoint { id, lwt }', async () => {
    const storage = getRxStorageMemory();
    const instance = await storage.createStorageInstance(params(unique('changes')));
    closing.push(() => instance.close());
    const docs = ['c', 'a', 'b'].map((id, i) => stored(id, i, { _meta: { lwt: 1_000 + i } }));
    await instance.bulkWrite(
      docs.map((document) => ({ document })),
      'test',
    );
    const first = await getChangedDocumentsSince(instance, 2, undefined);
    const where = 'getChangedDocumentsSince (rx-storage-helper.js)';
    expect(
      first.documents.map((doc) => doc.id),
      where,
    ).toEqual(['c', 'a']);
    expect(first.checkpoint, `${where}: its checkpoint`).toEqual({ id: 'a', lwt: 1_001 });
    const rest = await getChangedDocumentsSince(instance, 2, first.checkpoint);
    expect(
      rest.documents.map((doc) => doc.id),
      where,
    ).toEqual(['b']);
  });

  it.each([
    ['memory', () => getRxStorageMemory()],
    [
      'Dexie',
      () =>
        getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<
          unknown,
          unknown
        >,
    ],
  ])(
    'the %s storage’s change events carry the checkpoint { id, lwt } (checkpointBefore)',
    async (_name, storage) => {
      const instance = (await storage().createStorageInstance(
        params(unique('events')) as never,
      )) as RxStorageInstance<Note, unknown, unknown>;
      closing.push(() => instance.close());
      const bulk = firstValueFrom(instance.changeStream());
      await instance.bulkWrite(
        [stored('x', 1, { _meta: { lwt: 2_000 } }), stored('y', 2, { _meta: { lwt: 1_500 } })].map(
          (document) => ({ document }),
        ),
        'test',
      );
      const events = (await bulk) as unknown as EventBulk<Note, unknown>;
      expect(events.checkpoint, 'a change event bulk’s checkpoint is { id, lwt }').toEqual({
        id: expect.any(String),
        lwt: expect.any(Number),
      });
      expect(checkpointBefore(events)).toEqual({ id: '', lwt: 1_500 });
    },
  );

  it('prepareQuery gives a query a storage answers, sorted by write time', async () => {
    const storage = getRxStorageMemory();
    const instance = await storage.createStorageInstance(params(unique('query')));
    closing.push(() => instance.close());
    await instance.bulkWrite(
      [1_000, 3_000, 2_000].map((lwt, i) => ({ document: stored(`d${i}`, i, { _meta: { lwt } }) })),
      'test',
    );
    const query = prepareQuery(instance.schema, {
      selector: {},
      sort: [{ '_meta.lwt': 'desc' }, { id: 'desc' }] as never,
      skip: 0,
      limit: 1,
    });
    const { documents } = await instance.query(query);
    expect(
      documents.map((doc) => doc._meta.lwt),
      'prepareQuery (rx-query-helper.js)',
    ).toEqual([3_000]);
  });
});

describe('a replication’s internals', () => {
  type Master = Note & { _deleted: boolean; _rev?: string };

  /** The server: its documents' latest versions, each version's changes sent in a pull. */
  class Server {
    version = 1;
    docs = new Map<string, Master>([
      ['plain', { id: 'plain', title: 'from the server', n: 1, _deleted: false }],
    ]);
    /** Ids changed in each version. */
    changed = new Map<number, string[]>([[1, ['plain']]]);
    pushed: string[] = [];

    change(doc: Master): void {
      this.version += 1;
      this.docs.set(doc.id, doc);
      this.changed.set(this.version, [doc.id]);
    }

    pull(from: { at: number } | undefined) {
      const ids = [...this.changed.entries()]
        .filter(([version]) => version > (from?.at ?? 0))
        .flatMap(([, changed]) => changed);
      return {
        documents: [...new Set(ids)].map((id) => this.docs.get(id)!) as never,
        checkpoint: { at: this.version },
      };
    }
  }

  interface Harness {
    db: RxDatabase<{ notes: RxCollection<Note> }>;
    state: RxReplicationState<Note, { at: number }>;
  }

  async function replicate(server: Server, db?: Harness['db']): Promise<Harness> {
    if (!db) {
      db = await createRxDatabase<{ notes: RxCollection<Note> }>({
        name: unique('replication'),
        storage: getRxStorageMemory(),
        multiInstance: false,
      });
      await db.addCollections({ notes: { schema: noteSchema } });
      const opened = db;
      closing.push(() => opened.close());
    }
    const state = replicateRxCollection<Note, { at: number }>({
      replicationIdentifier: 'internals-test',
      collection: db.notes,
      live: true,
      pull: { handler: async (from) => server.pull(from) },
      push: {
        handler: async (rows) => {
          server.pushed.push(...rows.map((row) => row.newDocumentState.id));
          return [];
        },
      },
    });
    closing.push(() => state.cancel());
    await state.awaitInitialReplication();
    return { db, state };
  }

  type Meta = RxStorageInstance<RxStorageReplicationMeta<Note, unknown>, unknown, unknown>;
  const metaOf = (state: Harness['state']) => state.metaInstance as unknown as Meta;

  /** The server's next version of `id`, pulled. */
  async function serverChanges(server: Server, state: Harness['state'], id: string) {
    const before = server.docs.get(id)!;
    server.change({
      ...before,
      title: `${before.title} again`,
      ...(before._rev ? { _rev: '2-server' } : {}),
    });
    state.reSync();
    await state.awaitInSync();
  }

  it('exposes its running state, fork instance, meta instance and the context of its pulls', async () => {
    const { db, state } = await replicate(new Server());
    const internal = runningReplication(state);
    expect(internal, 'internalReplicationState (plugins/replication/index.js)').toBeDefined();
    const fork = forkInstanceOf(internal!);
    expect(fork.collectionName, 'internalReplicationState.input.forkInstance').toBe('notes');
    const context = await pullWriteContext(state);
    expect(context, 'internalReplicationState.downstreamBulkWriteFlag').toMatch(/\S/);
    const pulled = await pulledStateOf(state);
    expect(pulled.metaCollectionName, 'replication.metaInstance').toMatch(
      new RegExp(`^${REPLICATION_META_PREFIX}`),
    );
    expect(isRxdbOwnCollection(pulled.metaCollectionName)).toBe(true);
    expect(isRxdbOwnCollection(INTERNAL_STORAGE_NAME), 'INTERNAL_STORAGE_NAME').toBe(true);
    expect(isRxdbOwnCollection('notes')).toBe(false);
    expect(pulled.identifier, 'internalReplicationState.input.identifier').toMatch(/\S/);
    expect(pulled.checkpointKey, 'internalReplicationState.checkpointKey').toMatch(/\S/);
    expect(pulled.identifierHash, 'internalReplicationState.input.hashFunction').toBe(
      await db.hashFunction(pulled.identifier),
    );
    expect(isActiveNow(state), 'replication.subjects.active').toBe(false);
    setRetryTime(state, 1_234);
    expect(retryTimeOf(state), 'replication.retryTime').toBe(1_234);
  });

  it('marks a document it pulls over a stored one as the catch-up marks it, and keeps the server’s version in meta rows', async () => {
    const server = new Server();
    const { db, state } = await replicate(server);
    const pulled = await pulledStateOf(state);
    const fork = forkInstanceOf(runningReplication(state)!);
    const [before] = await fork.findDocumentsById(['plain'], false);
    await serverChanges(server, state, 'plain');
    const [doc] = await fork.findDocumentsById(['plain'], false);
    const master = server.docs.get('plain')!;
    expect(doc, 'pulled again').toMatchObject({ title: master.title });
    const ours = pulledMarks(master, before, pulled, doc!._meta.lwt);
    const where = `the pull's marks (downstream.js)`;
    expect(doc!._meta, `${where}: _meta`).toEqual(ours._meta);
    expect(getHeightOfRevision(doc!._rev), `${where}: its revision`).toBe(
      getHeightOfRevision(ours._rev),
    );
    expect(isAsPulled(doc!, pulled.identifierHash), `${where}: as pulled`).toBe(true);

    const internal = runningReplication(state)!;
    const assumed = await getAssumedMasterState(internal, ['plain']);
    for (const [id, master] of server.docs) {
      const kept = assumed[id]?.metaDocument;
      expect(assumed[id]?.docData, 'getAssumedMasterState: the server’s version').toEqual(master);
      const row = await metaWriteRow(metaOf(state), pulled.checkpointKey, 'id', master, kept);
      expect(
        { ...row.document, _meta: kept!._meta, _rev: kept!._rev },
        `getMetaWriteRow (meta-instance.js) of ${id}`,
      ).toEqual(kept);
      expect(getHeightOfRevision(row.document._rev)).toBe(getHeightOfRevision(kept!._rev) + 1);
    }

    await (await db.notes.findOne('plain').exec())!.incrementalPatch({ title: 'changed here' });
    const [changed] = await fork.findDocumentsById(['plain'], false);
    expect(isAsPulled(changed!, pulled.identifierHash), 'a document changed here').toBe(false);
  });

  it('loses the pull’s marks of a document pulled for the first time, which pulled-marks.ts keeps', async () => {
    for (const kept of [false, true]) {
      const memory = getRxStorageMemory();
      const db = await createRxDatabase<{ notes: RxCollection<Note> }>({
        name: unique('first-pull'),
        storage: kept ? keepingPulledMarks(memory) : memory,
        multiInstance: false,
      });
      closing.push(() => db.close());
      await db.addCollections({ notes: { schema: noteSchema } });
      const server = new Server();
      const { state } = await replicate(server, db);
      const pulled = await pulledStateOf(state);
      markPulledWrites(await pullWriteContext(state), pulled.identifierHash);
      server.change({ id: 'new', title: 'pulled once', n: 2, _deleted: false });
      state.reSync();
      await state.awaitInSync();
      const [doc] = await forkInstanceOf(runningReplication(state)!).findDocumentsById(
        ['new'],
        false,
      );
      expect(doc).toMatchObject({ title: 'pulled once' });
      const where = kept
        ? 'kept by keepingPulledMarks'
        : 'lost in getWrappedStorageInstance (rx-storage-helper.js): pulled-marks.ts may go';
      expect(isAsPulled(doc!, pulled.identifierHash), where).toBe(kept);
    }
  });

  it('takes documents written as the catch-up writes them as pulled: not pushed, and pulled over', async () => {
    const server = new Server();
    const { db, state } = await replicate(server);
    const internal = runningReplication(state)!;
    await db.notes.insert({ id: 'local', title: 'written here', n: 3 });
    await state.awaitInSync();
    expect(server.pushed).toEqual(['local']);
    const checkpoint = await getLastCheckpointDoc(internal, 'up');
    expect(checkpoint, 'getLastCheckpointDoc (checkpoint.js)').toBeDefined();
    const since = await getChangedDocumentsSince(forkInstanceOf(internal), 10, checkpoint);
    expect(since.documents, 'nothing past the push’s checkpoint').toEqual([]);

    // The storage worker's catch-up: documents with the pull's marks and context, their meta rows
    // (one with a server `_rev` as well: RxDB reads `_meta[identifier]` for those).
    const pulled = await pulledStateOf(state);
    const masters: Master[] = [
      { id: 'caught-up', title: 'pulled by the worker', n: 4, _deleted: false },
      { id: 'caught-up-rev', title: 'with a _rev', n: 5, _deleted: false, _rev: '1-server' },
    ];
    for (const master of masters) server.docs.set(master.id, master);
    const rows = masters.map((master) => ({
      document: {
        ...master,
        _attachments: {},
        ...pulledMarks(master, undefined, pulled, now()),
      } as Stored,
    }));
    const fork = forkInstanceOf(internal);
    // Into the storage itself, as in the worker: RxDB's fork instance stamps its own _meta and _rev.
    const storage = (fork as unknown as { originalStorageInstance: typeof fork })
      .originalStorageInstance;
    expect((await storage.bulkWrite(rows, await pullWriteContext(state))).error).toEqual([]);
    const metaRows = await Promise.all(
      masters.map((master) =>
        metaWriteRow(metaOf(state), pulled.checkpointKey, 'id', master, undefined),
      ),
    );
    expect((await metaOf(state).bulkWrite(metaRows, 'test')).error).toEqual([]);
    await state.awaitInSync();

    const after = await getChangedDocumentsSince(fork, 10, checkpoint);
    expect(after.documents.map((doc) => doc.id)).toEqual(['caught-up', 'caught-up-rev']);
    expect(writeDocToDocState(after.documents[0]!, false, false), 'writeDocToDocState').toEqual(
      masters[0],
    );
    expect(server.pushed, 'a document written with the pull’s context is not pushed').toEqual([
      'local',
    ]);

    // Started again, the replication reads from its checkpoint: the meta row says it is the server's.
    await state.cancel();
    const again = await replicate(server, db);
    expect(server.pushed, 'a document as pulled, with its meta row, is not pushed').toEqual([
      'local',
    ]);
    // Their marks say they are not changed here: the server's next versions are written over them.
    for (const { id } of masters) {
      await serverChanges(server, again.state, id);
      const [stored] = await fork.findDocumentsById([id], false);
      expect(stored, `${id}: a document with the pull's marks is pulled over`).toMatchObject({
        title: server.docs.get(id)!.title,
      });
    }
    expect(server.pushed).toEqual(['local']);
  });
});

describe('the query cache and documents', () => {
  it('drops the idle cached queries, keeping those subscribed to', async () => {
    const db = await createRxDatabase<{ notes: RxCollection<Note> }>({
      name: unique('queries'),
      storage: getRxStorageMemory(),
      multiInstance: false,
    });
    closing.push(() => db.close());
    await db.addCollections({ notes: { schema: noteSchema } });
    await db.notes.insert({ id: 'a', title: 'a', n: 1 });
    const idle = db.notes.find({ selector: { n: 1 } });
    await idle.exec();
    const watched = db.notes.find({ selector: { n: 2 } });
    const sub = watched.$.subscribe();
    const cache = db.notes._queryCache;
    expect(cache._map, 'collection._queryCache._map (query-cache.js)').toBeInstanceOf(Map);
    expect([...cache._map.values()], 'the query cache holds each query').toEqual(
      expect.arrayContaining([idle, watched]),
    );
    expect(countRxQuerySubscribers(idle), 'countRxQuerySubscribers').toBe(0);
    uncacheIdleQueries(db.notes);
    expect([...cache._map.values()], 'uncacheRxQuery').toEqual([watched]);
    sub.unsubscribe();
  });

  it('a document’s _data is the stored document', async () => {
    const db = await createRxDatabase<{ notes: RxCollection<Note> }>({
      name: unique('documents'),
      storage: getRxStorageMemory(),
      multiInstance: false,
    });
    closing.push(() => db.close());
    await db.addCollections({ notes: { schema: noteSchema } });
    const doc = await db.notes.insert({ id: 'a', title: 'a', n: 1 });
    const data = storedDataOf(doc);
    expect(data, 'RxDocument._data (rx-document.js)').toMatchObject({ id: 'a', title: 'a', n: 1 });
    expect(data._rev, 'RxDocument._data carries the revision').toBe(doc.revision);
  });
});

describe('the remote storage’s wording of a failure on the other side', () => {
  function remotePair(): RxStorage<unknown, unknown> & {
    customRequest(data: unknown): Promise<unknown>;
  } {
    const toRemote = new Subject<MessageToRemote>();
    const fromRemote = new Subject<MessageFromRemote>();
    const memory = getRxStorageMemory();
    exposeRxStorageRemote({
      storage: {
        name: 'failing',
        rxdbVersion: memory.rxdbVersion,
        createStorageInstance: async (p: RxStorageInstanceCreationParams<unknown, unknown>) => {
          if (p.collectionName === 'broken') throw new Error('opening failed');
          const instance = await memory.createStorageInstance(p as never);
          instance.bulkWrite = () => Promise.reject(new Error('writing failed'));
          return instance;
        },
      } as RxStorage<unknown, unknown>,
      messages$: toRemote.asObservable(),
      send: (message) => fromRemote.next(message),
      customRequestHandler: () => Promise.reject(new Error('the request failed')),
    });
    return getRxStorageRemote({
      identifier: unique('remote'),
      mode: 'one',
      messageChannelCreator: () =>
        Promise.resolve({
          messages$: fromRemote.asObservable(),
          send: (message) => toRemote.next(message),
          close: () => Promise.resolve(),
        }),
    }) as never;
  }

  /** The other side's error, read as storage-channel.ts reads it. */
  function errorIn(err: unknown, wording: (typeof REMOTE_FAILURE_WORDINGS)[number]) {
    const message = (err as Error).message;
    expect(message.startsWith(wording.prefix), `the remote storage's "${wording.prefix}"`).toBe(
      true,
    );
    return wording.error(JSON.parse(message.slice(wording.prefix.length)) as never) as {
      message?: string;
    };
  }

  it('words a failed request, custom request and opening as storage-channel.ts reads them', async () => {
    const remote = remotePair();
    const [requestRemote, customRequest, createInstance] = REMOTE_FAILURE_WORDINGS;
    const instance = await remote.createStorageInstance(params(unique('remote')) as never);
    closing.push(() => instance.close());
    const write = await instance
      .bulkWrite([{ document: stored('a', 1) }], 'test')
      .catch((err: unknown) => err);
    expect(errorIn(write, requestRemote).message).toBe('writing failed');
    const custom = await remote.customRequest({ any: 1 }).catch((err: unknown) => err);
    expect(errorIn(custom, customRequest).message).toBe('the request failed');
    const open = await remote
      .createStorageInstance(params(unique('remote'), 'broken') as never)
      .catch((err: unknown) => err);
    expect(errorIn(open, createInstance).message).toBe('opening failed');
  });
});

describe('the Dexie storage, and Dexie under it', () => {
  it('names a collection’s database rxdb-dexie-<database>--<version>--<collection>', async () => {
    const indexedDB = new IDBFactory();
    const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
    const p = params(unique('dexie'));
    const instance = await storage.createStorageInstance(p);
    closing.push(() => instance.close());
    await instance.bulkWrite([{ document: stored('a', 1) }], 'test');
    const names = (await indexedDB.databases()).map((info) => info.name);
    expect(names, 'the Dexie storage’s database name (dexie-helper.js)').toContain(
      dexieDatabaseName(p as never),
    );
  });

  it('runs onCreate for its Dexie database, and reads documents by id with getMany', async () => {
    const asked: unknown[][] = [];
    const watching: Middleware<DBCore> = {
      stack: 'dbcore',
      name: 'watching',
      create: (down) => ({
        ...down,
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            getMany: (req) => {
              asked.push([...req.keys]);
              return table.getMany(req);
            },
          };
        },
      }),
    };
    const storage = getRxStorageDexie({
      indexedDB: new IDBFactory(),
      IDBKeyRange,
      onCreate: (db) => {
        db.use(watching);
      },
    });
    const instance = await storage.createStorageInstance(params(unique('dexie')));
    closing.push(() => instance.close());
    await instance.bulkWrite([{ document: stored('a', 1) }], 'test');
    asked.length = 0;
    const found = await instance.findDocumentsById(['a', 'b'], false);
    expect(found.map((doc) => doc.id)).toEqual(['a']);
    expect(
      asked,
      'findDocumentsById reads through DBCore getMany (onCreate’s middleware)',
    ).toContainEqual(['a', 'b']);
  });

  it('DBCore’s range type Range is the number the sparse reads send', async () => {
    const types = await readFile(require.resolve('dexie/dist/dexie.d.ts'), 'utf8');
    const range = /enum DBCoreRangeType \{[^}]*?\bRange = (\d+)/.exec(types)?.[1];
    expect(Number(range), "Dexie's DBCoreRangeType.Range (dexie.d.ts)").toBe(DEXIE_RANGE);
  });
});

describe('the build’s rewrites of RxDB’s code', () => {
  const rewrites = [
    {
      name: 'scripts/rxdb-code-unit-sort.ts',
      file: 'plugins/utils/utils-object.js',
      rewrite: sortByCodeUnits,
      plugin: rxdbCodeUnitSort(),
    },
    {
      name: 'scripts/rxdb-dexie-fields.ts',
      file: 'plugins/storage-dexie/dexie-helper.js',
      rewrite: keepUnchangedDocuments,
      plugin: rxdbDexieFields(),
    },
  ];

  it.each(rewrites)(
    '$name finds its lines in rxdb/dist/esm/$file',
    async ({ file, rewrite, plugin }) => {
      const id = inRxdb(file);
      const code = await readFile(id, 'utf8');
      const rewritten = rewrite(code);
      expect(rewritten).not.toBe(code);
      const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
      expect(
        transform.call({}, code, id)?.code,
        'the Vite plugin rewrites the installed file',
      ).toBe(rewritten);
    },
  );
});
