/** The page's data layer, loaded on demand; it reads the registered session's token at call time. */
import { FIRST_SCREEN_PATHS } from '@client/app/first-screen-paths';
import { bootListingsShown, bootPrefetchBody } from '@client/data/sync/boot-prefetch';
import { sessionTokens } from '@client/lib/http';
import { firstScreenHydrated } from '@client/lib/use-store-value';
import { whenIdle, yieldToMain } from '@client/lib/when-idle';

/**
 * The data layer's libraries, evaluated a step a task before its own modules: in one go, a task of
 * 130–260 ms on a slowed phone (scripts/data-layer-chunks.ts puts each step in a file of its own).
 */
const DATA_LAYER_STEPS: readonly (() => Promise<unknown>)[] = [
  () => import('@client/data/load-steps/libs'),
  () => import('@client/data/load-steps/rxdb'),
];

type DataLayerModule = typeof import('@client/data/device-data');
let dataLayer: Promise<DataLayerModule> | null = null;

/**
 * The data layer's module, loaded once in steps; a load that failed (a dropped connection) is
 * tried again on the next call.
 */
function importDataLayer(): Promise<DataLayerModule> {
  dataLayer ??= DATA_LAYER_STEPS.reduce<Promise<unknown>>(
    (previous, step) => previous.then(step).then(yieldToMain),
    Promise.resolve(),
  )
    .then(() => import('@client/data/device-data'))
    .catch((err: unknown) => {
      dataLayer = null;
      throw err;
    });
  return dataLayer;
}

export const loadPageData = () => importDataLayer().then((m) => m.pageDeviceData(sessionTokens));

/** Longest wait for an idle moment, and for the first screen, before the data layer loads anyway. */
const IDLE_TIMEOUT_MS = 2000;
const FIRST_SCREEN_TIMEOUT_MS = 4000;

/** Whether the gateway rendered the page's first screen (sync-server/first-screen.ts). */
function gatewayRendered(): boolean {
  return document.getElementById('root')?.hasAttribute('data-ssr') === true;
}

/**
 * Whether the data layer can wait for the first screen: on a first visit, home and the listing list
 * show the listings the page prefetched (public/boot-prefetch.js), and a page the gateway rendered
 * (a shared listing's or article's) shows its content before the app's code, so the device
 * database (its download, its worker's start, opening and first writes) comes after them instead
 * of competing with them (on a phone's few cores, the worker's work slowed the page's hydration).
 */
export function dataLayerCanWait(): boolean {
  if (!FIRST_SCREEN_PATHS.includes(window.location.pathname)) return gatewayRendered();
  return bootPrefetchBody() !== null;
}

/**
 * Runs `run` once the first screen has shown the prefetched listings (home, the list) or has been
 * hydrated (another page the gateway rendered), and the page is idle.
 */
export function afterFirstScreen(run: () => void): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | null = null;
  const go = () => {
    if (cancelled || cancelIdle) return;
    clearTimeout(timer);
    cancelIdle = whenIdle(run, IDLE_TIMEOUT_MS);
  };
  const timer = setTimeout(go, FIRST_SCREEN_TIMEOUT_MS);
  const shown = FIRST_SCREEN_PATHS.includes(window.location.pathname)
    ? bootListingsShown
    : firstScreenHydrated;
  void shown.then(go);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    cancelIdle?.();
  };
}

/** Starts downloading the data layer at boot (nothing opens until an identity is chosen). */
export function preloadPageData(): void {
  const load = () => {
    importDataLayer().catch((err: unknown) =>
      console.warn('preloading the data layer failed', err),
    );
  };
  if (dataLayerCanWait()) afterFirstScreen(load);
  else load();
}

/**
 * After an explicit logout: close and remove that user's database and waiting files, or, with
 * `keepData`, leave them on the device for the user's next sign-in here.
 */
export async function forgetUserData(
  userId: string,
  { keepData }: { keepData: boolean },
): Promise<void> {
  await (await loadPageData()).removeUser(userId, { keepUnsent: keepData });
}
