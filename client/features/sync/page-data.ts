/** The page's data layer, loaded on demand with the session's token functions. */
import type { SyncAuth } from '@client/data/sync-http';

/** Token functions of the current session; the data layer reads them at call time. */
export const sessionLink: SyncAuth = {
  getAccessToken: () => Promise.resolve(null),
  refreshAccessToken: () => Promise.resolve(null),
};

export const loadPageData = () =>
  import('@client/data/device-data').then((m) => m.pageDeviceData(sessionLink));

/** Starts downloading the data layer at boot (nothing opens until an identity is chosen). */
export function preloadPageData(): void {
  import('@client/data/device-data').catch((err: unknown) =>
    console.warn('preloading the data layer failed', err),
  );
}

/** After an explicit logout: close and remove that user's database. */
export async function forgetUserData(userId: string): Promise<void> {
  await (await loadPageData()).removeUser(userId);
}
