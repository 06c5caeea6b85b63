/**
 * Shared pieces of the device sync tests: a device's documents compared with the server's, and the
 * operation log read through the gateway (new documents come from tests/fixtures/builders.ts, the
 * gateway's API from tests/helpers/sync-api.ts).
 */
import type { SyncDocument } from '../../../couchdb/model/sync';
import { pullAll, type Caller } from '../../helpers/sync-api';
import { startFaultProxy } from '../../helpers/fault-proxy';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { signedInAs, TestDevice } from './device';

/** A device's documents of a collection as plain JSON, by id. */
export async function localDocs(
  device: TestDevice,
  collection: 'properties' | 'demands' | 'news' | 'settings' | 'users' | 'oplog',
): Promise<Map<string, Record<string, unknown>>> {
  const docs = await device.db.collections[collection]!.find().exec();
  return new Map(
    docs.map((d) => {
      const json = JSON.parse(JSON.stringify(d.toJSON())) as Record<string, unknown>;
      return [json.id as string, json];
    }),
  );
}

/** Whether the device holds exactly the server's documents, at the server's revisions. */
export async function holdsServerVersions(
  device: TestDevice,
  collection: 'properties' | 'demands',
  server: Map<string, SyncDocument>,
): Promise<boolean> {
  const local = await localDocs(device, collection);
  // Throwing (rather than answering false) lets `eventually` report what still differs.
  if (local.size !== server.size)
    throw new Error(`${local.size} local documents, ${server.size} on the server`);
  for (const [id, doc] of server) {
    const mine = local.get(id);
    if (mine?.server_rev !== doc.server_rev) {
      throw new Error(
        `${id}: device has ${mine ? (mine.server_rev ?? 'no server version') : 'nothing'}, server ${doc.server_rev}`,
      );
    }
  }
  return true;
}

/** How many operation-log entries of each type each listing has. */
export async function oplogCounts(
  url: string,
  admin: Caller,
  type: string,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const entry of (await pullAll(url, admin, 'oplog')).documents) {
    if (entry._deleted || entry.operation_type !== type) continue;
    const id = entry.property_id as string;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * A gateway, a proxy before it that fails every push while `failing.pushes` is set, and Alice's
 * device behind the proxy (the tests of pushes that fail and are tried again).
 */
export interface PushFaultRig {
  url: string;
  admin: Account;
  alice: Account;
  device: TestDevice;
  /** Set `pushes` to fail pushes; `failed` counts the pushes failed so far. */
  failing: { pushes: boolean; failed: number };
  close(): Promise<void>;
}

export async function startPushFaultRig(tag: string): Promise<PushFaultRig> {
  const gw = await startTestGateway();
  const { url } = await gw.listen();
  const failing = { pushes: false, failed: 0 };
  const proxy = await startFaultProxy({
    target: url,
    decide: (req) => {
      if (!failing.pushes || !req.url?.includes('/push')) return 'pass';
      failing.failed += 1;
      return 'fail-500';
    },
  });
  const alice = await gw.createUser('user', '爱丽丝');
  const admin = await gw.createUser('admin', '管理员');
  const device = await new TestDevice({
    tag,
    url: proxy.url,
    ...signedInAs(alice),
    collections: ['properties', 'refused'],
  }).open();
  return {
    url,
    admin,
    alice,
    device,
    failing,
    close: async () => {
      await device.close().catch(() => undefined);
      await proxy.close();
      await gw.cleanup();
    },
  };
}

/** What most device tests start from: a gateway listening on a free port, a user and an admin. */
export interface UserAndAdmin {
  gw: TestGateway;
  url: string;
  alice: Account;
  admin: Account;
}

export async function startUserAndAdmin(): Promise<UserAndAdmin> {
  const gw = await startTestGateway();
  const { url } = await gw.listen();
  return {
    gw,
    url,
    alice: await gw.createUser('user', '爱丽丝'),
    admin: await gw.createUser('admin', '管理员'),
  };
}
