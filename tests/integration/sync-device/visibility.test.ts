/**
 * The app coming back into view (a phone switching back to it, another tab brought to the front):
 * a device that is online and replicates pulls at once; one the app paused (offline) stays
 * paused and sends nothing. RxDB's own handler (`toggleOnDocumentVisible`) started every
 * replication on `visibilitychange`, whatever the app had decided: offline, and in a tab that does
 * not lead (another tab of the database replicates), which then replicated beside the leader.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, restoreNavigator, setOnline, signedInAs, TestDevice } from './device';

/** The page's document as the data layer sees it: its visibility and its events. */
class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';

  /** The app comes back into view. */
  show(): void {
    this.visibilityState = 'visible';
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

let gw: TestGateway;
let url: string;
let alice: Account;
let device: TestDevice | null = null;
let pulls: string[] = [];
const hadDocument = 'document' in globalThis;

/** A fetch that notes every pull the device sends. */
const watchedFetch: typeof fetch = (input, init) => {
  const target = input instanceof Request ? input.url : String(input);
  if (target.includes('/pull')) pulls.push(target);
  return fetch(input, init);
};

/** Installs a document before the device's replications are made (RxDB looks for it then). */
function installDocument(): FakeDocument {
  const doc = new FakeDocument();
  (globalThis as { document?: unknown }).document = doc;
  return doc;
}

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  alice = await gw.createUser('user', '爱丽丝');
});

afterEach(async () => {
  await device?.close().catch(() => undefined);
  device = null;
  pulls = [];
  if (!hadDocument) delete (globalThis as { document?: unknown }).document;
  restoreNavigator();
});

afterAll(async () => {
  await gw.cleanup();
});

async function startDevice(): Promise<TestDevice> {
  device = await new TestDevice({
    url,
    ...signedInAs(alice),
    collections: ['demands', 'properties', 'refused'],
    fetch: watchedFetch,
    // No change stream: every pull seen here is one the replications asked for.
    stream: false,
  }).open();
  await device.startSync().awaitInSync();
  return device;
}

describe('the app coming back into view', () => {
  it('offline: the replications the app paused stay paused and send nothing', async () => {
    setOnline(true);
    const doc = installDocument();
    const { sync } = await startDevice();
    setOnline(false);
    await sync!.goOffline();
    const before = pulls.length;

    doc.show();
    // Whatever the event started has been through each replication's start queue by now.
    await Promise.all(
      sync!.replications.map(
        (r) => (r.state as unknown as { startQueue: Promise<void> }).startQueue,
      ),
    );
    for (const r of sync!.replications) expect(r.state.isPaused(), r.name).toBe(true);
    expect(pulls.slice(before)).toEqual([]);
  });

  it('online: the device pulls every collection at once', async () => {
    setOnline(true);
    const doc = installDocument();
    const { sync } = await startDevice();
    const before = pulls.length;

    doc.show();
    const names = sync!.replications.map((r) => r.name);
    await eventually(
      () => names.every((name) => pulls.slice(before).some((u) => u.includes(`/${name}/pull`))),
      `a pull of each of ${names.join(', ')} after coming back into view`,
    );
  });
});
