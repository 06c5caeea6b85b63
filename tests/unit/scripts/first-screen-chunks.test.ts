import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenChunks } from '../../../scripts/first-screen-chunks';

const root = '/app';
const id = (file: string) => path.join(root, file);

interface Node {
  imports?: string[];
  dynamic?: string[];
}

/**
 * A small app shaped like ours: the entry imports React and loads router, theme and the shell in
 * that order; the theme is also imported by the shell's app module; the home screen shares a card
 * with the shell.
 */
const graph: Record<string, Node> = {
  'client/main.tsx': {
    imports: ['node_modules/react/index.js'],
    dynamic: ['client/app/load-steps/router.ts', 'client/app/theme.ts', 'client/app/mount-app.tsx'],
  },
  'node_modules/react/index.js': {},
  'client/app/load-steps/router.ts': { imports: ['node_modules/react-router/index.mjs'] },
  'node_modules/react-router/index.mjs': { imports: ['node_modules/react/index.js'] },
  'client/app/theme.ts': { imports: ['node_modules/mui/styles/index.mjs'] },
  'node_modules/mui/styles/index.mjs': {
    imports: [
      'node_modules/mui/styles/createTheme.mjs',
      'node_modules/mui/styles/styled.mjs',
      'node_modules/@mui/material/styles/enhanceHighContrast.mjs',
    ],
  },
  // Re-exported by the styles index, used by no screen; what it imports, only the admin screen uses.
  'node_modules/@mui/material/styles/enhanceHighContrast.mjs': {
    imports: ['node_modules/@mui/material/InputBase/InputBase.mjs'],
  },
  'node_modules/@mui/material/InputBase/InputBase.mjs': {},
  'node_modules/mui/styles/createTheme.mjs': {},
  'node_modules/mui/styles/styled.mjs': { imports: ['node_modules/react/index.js'] },
  'client/app/mount-app.tsx': { imports: ['client/app/app.tsx'] },
  'client/app/app.tsx': {
    imports: [
      'client/app/theme.ts',
      'node_modules/react-router/index.mjs',
      'client/components/card.tsx',
    ],
  },
  'client/components/card.tsx': { imports: ['node_modules/mui/styles/styled.mjs'] },
  'client/features/home/home-screen.tsx': {
    imports: ['client/components/card.tsx', 'client/features/home/hero.tsx'],
  },
  'client/features/home/hero.tsx': {},
  'client/features/admin/admin-screen.tsx': {
    imports: [
      'client/features/admin/table.tsx',
      'node_modules/@mui/material/InputBase/InputBase.mjs',
    ],
  },
  'client/features/admin/table.tsx': {},
};

function moduleInfo(moduleId: string) {
  const file = path.relative(root, moduleId);
  const node = graph[file];
  if (!node) return null;
  const importers = Object.entries(graph)
    .filter(([, other]) => other.imports?.includes(file))
    .map(([name]) => id(name));
  return {
    id: moduleId,
    importedIds: (node.imports ?? []).map(id),
    dynamicallyImportedIds: (node.dynamic ?? []).map(id),
    importers,
  };
}

/** The group each module of the graph lands in, after the plugin has read the graph. */
function groupsOf(): Record<string, string | null> {
  const { plugin, groups } = firstScreenChunks(root);
  const buildEnd = plugin.buildEnd as (this: unknown, error?: Error) => void;
  buildEnd.call({ getModuleInfo: moduleInfo });
  const names = groups.map((g) => g.name);
  expect(new Set(names).size).toBe(names.length);
  const out: Record<string, string | null> = {};
  for (const file of Object.keys(graph)) {
    const matching = groups.filter((g) => g.test(id(file)));
    expect(matching.length, file).toBeLessThanOrEqual(1);
    out[file] = matching[0]?.name ?? null;
  }
  return out;
}

describe('first-screen chunks', () => {
  it('puts each module in the chunk of the first loading step that reaches it, in the entry’s order', () => {
    const g = groupsOf();
    expect(g['node_modules/react/index.js']).toBe('boot');
    // The router step comes first: react-router is its, though the shell imports it as well.
    expect(g['node_modules/react-router/index.mjs']).toBe('step1');
    // The theme step then takes what the theme reaches, the shared styling included.
    expect(g['client/app/theme.ts']).toBe('step2');
    expect(g['node_modules/mui/styles/createTheme.mjs']).toBe('step2');
    expect(g['node_modules/mui/styles/styled.mjs']).toBe('step2');
    // The shell step takes the rest of the shell, the card it shares with home included.
    expect(g['client/app/app.tsx']).toBe('step3');
    expect(g['client/components/card.tsx']).toBe('step3');
    // The home screen comes last: only what no earlier step reached.
    expect(g['client/features/home/hero.tsx']).toBe('step4');
  });

  it('keeps a step module that only a dynamic import reaches in a chunk of its own, and leaves other screens alone', () => {
    const g = groupsOf();
    // Named in the build manifest: the gateway preloads a rendered screen's chunks by them.
    expect(g['client/app/load-steps/router.ts']).toBeNull();
    expect(g['client/app/mount-app.tsx']).toBeNull();
    expect(g['client/features/home/home-screen.tsx']).toBeNull();
    expect(g['client/main.tsx']).toBeNull();
    expect(g['client/features/admin/admin-screen.tsx']).toBeNull();
    expect(g['client/features/admin/table.tsx']).toBeNull();
  });

  it('does not follow a re-export the app never uses into what only later screens use', () => {
    const g = groupsOf();
    expect(g['node_modules/@mui/material/styles/enhanceHighContrast.mjs']).toBeNull();
    expect(g['node_modules/@mui/material/InputBase/InputBase.mjs']).toBeNull();
  });
});
