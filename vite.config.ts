/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import type { RouteMatchCallbackOptions } from 'workbox-core/types.js';
import { firstScreenChunks } from './scripts/first-screen-chunks.js';
import { dataLayerGroups } from './scripts/data-layer-chunks.js';
import { alias, rxdbRewrites } from './scripts/build-settings.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The brand's green (client/components/look.ts) and the theme's background.default. */
const THEME_COLOR = '#00ae66';
const BACKGROUND_COLOR = '#f5f6f8';

/**
 * Chunks only an admin uses, left out of the service worker's install: the news editor (Tiptap,
 * about a seventh of the whole app's bytes) is not downloaded by every visitor's phone. An admin's
 * device fetches it once signed in (client/features/admin/admin-tools-offline.tsx) and the service
 * worker keeps it in APP_ON_DEMAND_CACHE, so it opens offline there too.
 */
export const ADMIN_ONLY_CHUNKS = ['assets/news-editor-*.js'];

/**
 * The app's own files fetched outside the install (ADMIN_ONLY_CHUNKS), kept once fetched: their
 * names carry their content's hash, so a kept file is never stale; a few releases' worth at most.
 */
const APP_ON_DEMAND_CACHE = {
  name: 'app-on-demand-v1',
  maxEntries: 20,
  maxAgeSeconds: 90 * 24 * 60 * 60,
} as const;

/** Bounds of the photo cache: about 300 photos (≤ 5 MB each, most far smaller), 30 days. */
const MEDIA_CACHE = {
  name: 'media-v1',
  maxEntries: 300,
  maxAgeSeconds: 30 * 24 * 60 * 60,
} as const;

type RouteMatch = Pick<RouteMatchCallbackOptions, 'url' | 'request' | 'sameOrigin'>;

/**
 * The service worker's own code beside what vite-plugin-pwa generates: the outbox's uploads with
 * the app closed (client/data/media/background-upload-worker.ts), built as a classic script
 * (backgroundUploadScript below) and loaded by the generated worker with importScripts. Its name
 * has no hash: the gateway serves it with no-cache, and the browser checks it with the worker.
 */
const BACKGROUND_UPLOAD_SCRIPT = 'background-upload-sw.js';

/**
 * The service worker and web app manifest (vite-plugin-pwa). Prompt mode from the first release:
 * switching modes later strands installed users (architecture §8). Data never goes through the service
 * worker: /api/* is neither cached nor given the shell, since listings reach the device through
 * RxDB replication. The page side (registration, update prompt) is in client/pwa/.
 */
const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  // client/pwa/service-worker.ts registers it with workbox-window, lazily, after the first paint.
  injectRegister: false,
  strategies: 'generateSW',
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: true,
  manifest: {
    id: '/',
    name: '澄江房产', // APP_NAME in client/config.ts
    short_name: '澄江房产',
    description: '澄江本地房产信息平台：买房、租房、发布房源和求购求租需求，离线也能浏览。',
    lang: 'zh-CN',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['lifestyle', 'business'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    screenshots: [
      {
        src: '/screenshots/home-narrow.png',
        sizes: '780x1688',
        type: 'image/png',
        form_factor: 'narrow',
        label: '首页：搜索、快捷入口和推荐房源',
      },
      {
        src: '/screenshots/home-wide.png',
        sizes: '1280x800',
        type: 'image/png',
        form_factor: 'wide',
        label: '首页：搜索、快捷入口和推荐房源',
      },
    ],
  },
  workbox: {
    // The whole app shell: entry, every lazy screen, styles, the SVG icon. Source maps, the
    // install-dialog screenshots and the admin-only chunks stay out; the manifest icons are added
    // by includeManifestIcons.
    globPatterns: ['**/*.{js,css,html,svg,woff2}'],
    globIgnores: ['**/*.map', 'screenshots/**', BACKGROUND_UPLOAD_SCRIPT, ...ADMIN_ONLY_CHUNKS],
    importScripts: [BACKGROUND_UPLOAD_SCRIPT],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false,
    navigateFallback: 'index.html',
    // The gateway's own answers, not the app's screens (robots.txt and the sitemap included).
    navigateFallbackDenylist: [
      /^\/api\//,
      /^\/media\//,
      /^\/robots\.txt$/,
      /^\/sitemap(-\d+)?\.xml$/,
    ],
    runtimeCaching: [
      {
        // The app's files the install left out (an admin's tools): fetched on demand, then kept.
        urlPattern: ({ url, sameOrigin }: RouteMatch) =>
          sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: {
          cacheName: APP_ON_DEMAND_CACHE.name,
          expiration: {
            maxEntries: APP_ON_DEMAND_CACHE.maxEntries,
            maxAgeSeconds: APP_ON_DEMAND_CACHE.maxAgeSeconds,
            purgeOnQuotaError: true,
          },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Photos of listings the user has seen (and their favourites) show offline. Videos are
        // streamed with range requests and are far too big for a device cache, so they stay online.
        urlPattern: ({ url, request, sameOrigin }: RouteMatch) =>
          sameOrigin && url.pathname.startsWith('/media/') && request.destination !== 'video',
        handler: 'CacheFirst',
        options: {
          cacheName: MEDIA_CACHE.name,
          expiration: {
            maxEntries: MEDIA_CACHE.maxEntries,
            maxAgeSeconds: MEDIA_CACHE.maxAgeSeconds,
            purgeOnQuotaError: true,
          },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};

/**
 * Stamps `<meta name="app-build">` into index.html when APP_BUILD_ID is set (release builds, and the
 * e2e update test's second build): a new id changes the shell, so installed apps see an update.
 */
function buildIdMeta(id: string | undefined): Plugin {
  return {
    name: 'app-build-id',
    transformIndexHtml: () =>
      id ? [{ tag: 'meta', attrs: { name: 'app-build', content: id }, injectTo: 'head' }] : [],
  };
}

/**
 * Puts the first screens' CSS into index.html (scripts/first-screen-styles.tsx, its block in
 * client/app/first-screen-css.ts): painted with the HTML, and not compiled and inserted again by
 * emotion while the app mounts (client/app/emotion-cache.ts adopts it).
 * Rendered in Node at build time with the app's own components, so it matches what they produce.
 */
function firstScreenStyles(): Plugin {
  return {
    name: 'first-screen-styles',
    apply: 'build',
    async transformIndexHtml() {
      const { tsImport } = await import('tsx/esm/api');
      const { renderFirstScreenStyles } = (await tsImport(
        './scripts/first-screen-styles.tsx',
        import.meta.url,
      )) as typeof import('./scripts/first-screen-styles');
      const { ids, css, attribute } = await renderFirstScreenStyles();
      return [
        {
          tag: 'style',
          attrs: { [attribute]: ids.join(' ') },
          children: css,
          injectTo: 'head',
        },
      ];
    },
  };
}

/**
 * react-router's package exports send every bundler to its development build (warnings and
 * invariant messages included); the app's production build takes its production build instead
 * (about 8 KB gzip less in the entry). Dev server, tests and the gateway's SSR keep the default.
 */
function reactRouterProduction(): Plugin {
  const production = here('./node_modules/react-router/dist/production/index.mjs');
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === 'react-router' ? production : null),
  };
}

/**
 * MUI's createTheme carries the builder of a CSS-variables theme (createThemeWithVars, with
 * prepareCssVars and its helpers: about 4.5 KB gzip of the first screen) for themes that ask for
 * CSS variables or colour schemes. The app's theme asks for neither, so createTheme never calls it
 * (tests/unit/client/app/theme.test.ts checks that), and the build puts a stand-in there that
 * fails loudly if that ever changes.
 */
export const THEME_WITH_VARS_MISSING =
  'createThemeWithVars is left out of the build (vite.config.ts): a theme with cssVariables or colorSchemes needs it back';
function muiThemeWithoutCssVariables(): Plugin {
  const standIn = '\0mui-theme-with-vars-stand-in';
  return {
    name: 'mui-theme-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id, importer) =>
      id === './createThemeWithVars.mjs' && importer?.includes('/@mui/material/styles/')
        ? standIn
        : null,
    load: (id) =>
      id === standIn
        ? `export default function createThemeWithVars() { throw new Error(${JSON.stringify(THEME_WITH_VARS_MISSING)}); }`
        : null,
  };
}

/**
 * Builds BACKGROUND_UPLOAD_SCRIPT into the app's build folder once the app is written: one classic
 * script (a service worker's importScripts cannot load modules) with everything it uses inside.
 */
function backgroundUploadScript(): Plugin {
  let outDir = '';
  return {
    name: 'background-upload-script',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      const { build } = await import('vite');
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        resolve: { alias },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir,
          emptyOutDir: false,
          target: 'es2022',
          sourcemap: true,
          lib: {
            entry: here('./client/data/media/background-upload-worker.ts'),
            formats: ['iife'],
            name: 'backgroundUpload',
            fileName: () => BACKGROUND_UPLOAD_SCRIPT,
          },
        },
      });
    },
  };
}

/**
 * The static imports of each chunk of the build, read before Vite writes the lists of files a
 * dynamic import preloads (`modulePreload.resolveDependencies` below).
 */
function chunkImports(): { plugin: Plugin; loadedWith: (host: string) => Set<string> } {
  const importsOf = new Map<string, readonly string[]>();
  const plugin: Plugin = {
    name: 'chunk-imports',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        importsOf.clear();
        for (const item of Object.values(bundle))
          if (item.type === 'chunk') importsOf.set(item.fileName, item.imports);
      },
    },
  };
  /** The chunks that are loaded whenever `host`'s code runs: it and its static imports. */
  const loadedWith = (host: string) => {
    const seen = new Set<string>();
    const todo = [host];
    while (todo.length > 0) {
      const file = todo.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      todo.push(...(importsOf.get(file) ?? []));
    }
    return seen;
  };
  return { plugin, loadedWith };
}
const imports = chunkImports();

/**
 * The first screen's code in a chunk per loading step (scripts/first-screen-chunks.ts); the data
 * layer's in a chunk per step of its own (scripts/data-layer-chunks.ts).
 */
const firstScreen = firstScreenChunks(here('.'));

export default defineConfig({
  root: here('./client'),
  publicDir: here('./public'),
  envDir: here('.'),
  resolve: { alias },
  plugins: [
    react(),
    VitePWA(pwaOptions),
    backgroundUploadScript(),
    buildIdMeta(process.env.APP_BUILD_ID),
    firstScreenStyles(),
    reactRouterProduction(),
    muiThemeWithoutCssVariables(),
    ...rxdbRewrites(),
    firstScreen.plugin,
    imports.plugin,
  ],
  // The device storage's worker (client/data/storage/storage-worker.ts) is a module worker.
  worker: { format: 'es', plugins: rxdbRewrites },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // .vite/manifest.json: the gateway preloads a rendered first screen's chunks from it.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [...firstScreen.groups, ...dataLayerGroups()] } },
      treeshake: {
        // hoist-non-react-statics (and the old react-is it brings) only define functions, but as
        // CommonJS they count as having side effects: emotion imports the package for withTheme
        // alone, which the app never uses, and it stayed in the first screen (1.2 KB gzip).
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
    },
    modulePreload: {
      // The data layer (RxDB, client/app/sync/page-data.ts) loads off the critical path: its ~20
      // chunks come through its own imports instead of 20 preload tags inserted in one task.
      // Elsewhere a dynamic import preloads the files its module needs, less those already loaded
      // with the importing chunk: the lists are written into the importing chunk, the first
      // screen's included.
      resolveDependencies: (filename, deps, { hostId, hostType }) => {
        if (/(^|\/)device-data-/.test(filename)) return [];
        // A step of the data layer is one file; what it imports, the steps before it loaded.
        if (/(^|\/)data-(libs|dexie|rxdb)-/.test(filename)) return [];
        if (hostType !== 'js') return deps;
        const loaded = imports.loadedWith(hostId);
        return deps.filter((dep) => !loaded.has(dep));
      },
    },
  },
  test: {
    root: here('.'),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/store-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files side by side, two at a time (the machines running them have two cores): each
          // works in databases of its own (a prefix), temp folders and port 0.
          maxWorkers: 2,
          // Projects with their own worker count run one after another, each in its own group.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/store-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time, each with a gateway, store and browser profiles of its own.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Needs an installed CouchDB 3 release (scripts/couchdb3.sh available); .ci/run runs it
        // only where there is one.
        extends: true,
        test: {
          name: 'couchdb3',
          include: ['tests/couchdb3/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
