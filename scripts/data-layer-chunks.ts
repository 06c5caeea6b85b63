/**
 * How the build splits the device's data layer (RxDB on Dexie, client/data/device-data.ts) into
 * files that the page evaluates a task each (architecture §11: no main-thread task over 50 ms on a slow
 * phone). In one go its evaluation was one task of 130–260 ms on Lighthouse's 4× slowed CPU, on
 * the pages that open the device database at once (a shared listing's, say).
 *
 * Each group below is one chunk. client/app/sync/page-data.ts imports the step modules of
 * client/data/load-steps in this order, yielding to the browser between them: a step module
 * imports something from its group, which loads (and evaluates) the group's whole chunk, and
 * the chunks of the groups before it, already evaluated. The app's own data modules come last,
 * with device-data.ts.
 *
 * A module is captured by the first group (in this order) whose test matches it, and each group
 * also takes the modules its captured ones import that no earlier group took (rolldown's
 * includeDependenciesRecursively): a new dependency of RxDB's lands in RxDB's chunk.
 */
interface ChunkGroup {
  name: string;
  priority: number;
  test: RegExp | ((id: string) => boolean);
}

/**
 * The packages' modules, and the step module that loads them (client/data/load-steps/<step>.ts): in
 * the group's chunk too, so a step is one file, whose imports the steps before it loaded already.
 */
const stepOf = (step: string, packages: readonly string[]) =>
  new RegExp(
    `[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]|[\\\\/]client[\\\\/]data[\\\\/]load-steps[\\\\/]${step}\\.ts$`,
  );

const DEXIE_STORAGE =
  /[\\/]node_modules[\\/]rxdb[\\/]dist[\\/]esm[\\/]plugins[\\/]storage-dexie[\\/]/;

/** A group's test, less RxDB's Dexie storage. */
const withoutDexieStorage = (test: RegExp) => (id: string) =>
  test.test(id) && !DEXIE_STORAGE.test(id);

/**
 * The app's one module over RxDB's internals: with RxDB, not a chunk of its own (the page's data
 * modules, its storage and its query cache all use it).
 */
const RXDB_INTERNALS = /[\\/]client[\\/]data[\\/]storage[\\/]rxdb-internals\.ts$/;

/** In the order page-data.ts loads them (but data-dexie); each step module's comment names its group. */
const DATA_LAYER_GROUPS: readonly Omit<ChunkGroup, 'priority'>[] = [
  /** rxjs and the small libraries under RxDB (its query engine, tabs' channel, event reduction). */
  {
    name: 'data-libs',
    test: stepOf('libs', [
      'rxjs',
      'tslib',
      'mingo',
      'broadcast-channel',
      'event-reduce-js',
      'custom-idle-queue',
      'unload',
      'binary-decision-diagram',
      'oblivious-set',
      'array-push-at-sort-position',
    ]),
  },
  /** RxDB itself, its plugins included, less its Dexie storage (below), and rxdb-internals.ts. */
  {
    name: 'data-rxdb',
    test: (id: string) =>
      withoutDexieStorage(stepOf('rxdb', ['rxdb']))(id) || RXDB_INTERNALS.test(id),
  },
  /**
   * Dexie and RxDB's storage on it: they run in the storage's worker
   * (client/data/storage/storage-worker.ts, a build of its own), and on the page only where no
   * worker starts (worker-storage.ts loads this chunk then). After RxDB's group, so the RxDB
   * modules its storage imports stay there.
   */
  {
    name: 'data-dexie',
    test: (id: string) => /[\\/]node_modules[\\/]dexie[\\/]/.test(id) || DEXIE_STORAGE.test(id),
  },
];

/**
 * The groups for `codeSplitting.groups`. Their priorities are below the first screen's groups
 * (scripts/first-screen-chunks.ts, from 1000 down): a module the first screen uses stays in its
 * chunks.
 */
export function dataLayerGroups(): ChunkGroup[] {
  return DATA_LAYER_GROUPS.map((group, i) => ({ ...group, priority: 100 - i }));
}
