/**
 * A page opened without a connection (architecture §5, §7): its replications start paused, so a change
 * made offline before the page was opened again is still counted, by the status (离线（n）) and
 * before a sign-out, instead of counting as nothing and being deleted with the database at
 * sign-out. Nothing is sent until the connection returns; then the change reaches the server, and
 * only then do screens take the collection as caught up.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countUnsent } from '../../../client/data/sync/unsent';
import { buildNewDemand } from '../../fixtures/builders';
import { pullAll } from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, restoreNavigator, setOnline, signedInAs, TestDevice } from './device';

let gw: TestGateway;
let url: string;
let alice: Account;
let device: TestDevice | null = null;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  alice = await gw.createUser('user', '爱丽丝');
});

afterEach(async () => {
  await device?.close().catch(() => undefined);
  device = null;
  restoreNavigator();
});

afterAll(async () => {
  await gw.cleanup();
});

describe('a page opened offline', () => {
  it('counts the change made offline before it, sends nothing, and sends it once online', async () => {
    device = await new TestDevice({
      url,
      ...signedInAs(alice),
      collections: ['demands', 'refused'],
    }).open();
    const first = device.startSync();
    await first.awaitInSync();
    await first.goOffline();
    const demand = buildNewDemand(alice.user.id, { title: '离线保存后重新打开的求购需求' });
    await device.db.demands.insert(demand as never);

    // The page is opened again without a connection.
    setOnline(false);
    await device.reopen();
    const sync = device.startSync();
    const counts = await countUnsent({ database: device.db, sync, outbox: null });
    expect(counts.changes).toBe(1);
    await eventually(() => device!.status.get().pending === 1, 'the status counting it');
    const demands = sync.replications.find((r) => r.name === 'demands')!;
    expect(demands.state.isPaused()).toBe(true);
    let settled = false;
    void demands.settled.then(() => (settled = true));
    expect((await pullAll(url, alice, 'demands')).byId.has(demand.id)).toBe(false);
    // A paused start is not a catch-up: screens still cannot tell "missing" from "not here yet".
    expect(settled).toBe(false);

    setOnline(true);
    await sync.goOnline();
    await eventually(
      async () => (await pullAll(url, alice, 'demands')).byId.get(demand.id)?.title,
      'the demand on the server',
    );
    await eventually(() => settled, 'the collection settled after its first catch-up');
    await eventually(() => device!.status.get().pending === 0, 'nothing left to send');
  });
});
