/**
 * How the build splits the first screen's code into files (architecture §11: first-screen JavaScript).
 *
 * By default the bundler makes a chunk for each set of screens that share some modules: the first
 * screen came to 72 files, many under 1 KB. Each is compressed on its own, so they lost about 19 KB
 * of gzip to one another, and a phone on a county network fetched them in several round trips.
 *
 * Here the modules client/main.tsx loads the app with go into one chunk per step of its loading, in
 * its order: the entry's own imports, then each module it imports dynamically (router, MUI, theme,
 * the app's shell), then the home screen's. A step's chunk (boot, step1, step2, …) holds what that
 * step reaches and no earlier step did, so each step still evaluates in a task of its own, and the
 * first screen is about ten files. A step module that only a dynamic import reaches keeps a small
 * chunk of its own, so the build manifest still names it (the gateway preloads a rendered screen's
 * chunks by those names).
 *
 * What a step reaches is followed through static imports as the module graph records them, before
 * tree-shaking: a re-exporting index (such as @mui/material/styles) can place a module one step
 * earlier than it is used, or in the first screen though only a later screen uses it (NOT_FOLLOWED
 * lists the re-exports found doing so). Every other screen keeps the default splitting; it loads a step's chunk
 * when it needs any module in it.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** The app's entry, whose dynamic imports, in their order, are its loading steps. */
const ENTRY = 'client/main.tsx';
/** The screen the first visit opens on (bench/bundle-size.bench.ts counts it as the first screen). */
const FIRST_SCREEN = 'client/features/home/home-screen.tsx';

/**
 * Modules a step reaches only through a re-export the app never uses: the walk does not go into
 * them, so what they import stays with the screens that use it. MUI's styles index re-exports
 * enhanceHighContrast, which imports the class names of a dozen form components, and through them
 * InputBase and TextareaAutosize: about 4.5 KB gzip of the list's and the forms' code that came with
 * the first screen.
 */
const NOT_FOLLOWED = [/\/@mui\/material\/styles\/enhanceHighContrast\.m?js$/];

interface ChunkGroup {
  name: string;
  priority: number;
  test: (id: string) => boolean;
}

/** The plugin that reads the module graph, and the chunk groups it fills (`codeSplitting.groups`). */
export function firstScreenChunks(root: string): { plugin: Plugin; groups: ChunkGroup[] } {
  /** Module id → the group (step) that loads it first. */
  const stepOf = new Map<string, string>();
  const names: string[] = [];
  const plugin: Plugin = {
    name: 'first-screen-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      stepOf.clear();
      const entry = path.join(root, ENTRY);
      const steps = [entry, ...(this.getModuleInfo(entry)?.dynamicallyImportedIds ?? [])];
      steps.push(path.join(root, FIRST_SCREEN));
      if (steps.length > names.length)
        throw new Error('first-screen-chunks: more steps than groups');
      // A step module that only dynamic imports reach keeps a chunk of its own, named in the
      // manifest; one that other modules import too goes in its step's chunk.
      const ownChunk = new Set(
        steps.filter((id) => id === entry || (this.getModuleInfo(id)?.importers.length ?? 0) === 0),
      );
      const reached = new Set<string>();
      steps.forEach((step, index) => {
        const todo = [step];
        while (todo.length > 0) {
          const id = todo.pop()!;
          if (reached.has(id) || NOT_FOLLOWED.some((skip) => skip.test(id))) continue;
          reached.add(id);
          if (!ownChunk.has(id)) stepOf.set(id, names[index]!);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      });
    },
  };
  // Groups are made before the graph is known: enough for the entry, its steps and the first
  // screen; an unused one captures nothing. Earlier steps take precedence, and all of them over
  // the data layer's groups (scripts/data-layer-chunks.ts, priorities from 100 down).
  for (let i = 0; i < 12; i += 1) names.push(i === 0 ? 'boot' : `step${i}`);
  const groups = names.map((name, i) => ({
    name,
    priority: 1000 - i,
    test: (id: string) => stepOf.get(id) === name,
  }));
  return { plugin, groups };
}
