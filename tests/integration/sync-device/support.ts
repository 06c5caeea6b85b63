/**
 * Shared pieces of the device sync tests: documents as the device's forms write them, and the
 * server's view of a collection read through the gateway (an admin's pull, every page).
 */
import { newId } from '../../../couchdb/model/common';
import type {
  PullResponse,
  PushResponse,
  PushRow,
  SyncDocument,
} from '../../../couchdb/model/sync';
import { buildDemand, buildProperty } from '../../fixtures/builders';
import type { TestDevice } from './device';

/** A new listing as the publish form writes it on the device (server-owned counters left out). */
export function newListing(userId: string, title = '凤麓街道两室一厅出售') {
  const {
    created_at: _c,
    updated_at: _u,
    view_count: _v,
    owner: _o,
    ...rest
  } = buildProperty({ id: newId(), user_id: userId, title, audit_status: 'pending' });
  const now = new Date().toISOString();
  return { ...rest, created_at: now, updated_at: now };
}

/** A new demand as the demand form writes it on the device. */
export function newDemand(userId: string) {
  const { user: _u, ...rest } = buildDemand({ id: newId(), user_id: userId });
  return rest;
}

/** Every document of a collection the caller pulls from the start, in feed order. */
export async function pullAll(
  url: string,
  token: string | null,
  collection: string,
): Promise<SyncDocument[]> {
  const out: SyncDocument[] = [];
  let checkpoint: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: '500' });
    if (checkpoint) query.set('checkpoint', checkpoint);
    const res = await fetch(`${url}/api/sync/${collection}/pull?${query}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) throw new Error(`pull ${collection}: HTTP ${res.status}`);
    const body = (await res.json()) as PullResponse;
    out.push(...body.documents);
    if (body.documents.length === 0 || !body.checkpoint) return out;
    checkpoint = body.checkpoint.seq;
  }
}

/** The server's live documents of a collection by id (deleted stubs left out). */
export async function serverDocs(
  url: string,
  token: string,
  collection: string,
): Promise<Map<string, SyncDocument>> {
  const docs = new Map<string, SyncDocument>();
  for (const doc of await pullAll(url, token, collection)) {
    if (doc._deleted) docs.delete(doc.id);
    else docs.set(doc.id, doc);
  }
  return docs;
}

/** One push straight to the gateway (an admin acting from another device). */
export async function push(
  url: string,
  token: string,
  collection: string,
  rows: PushRow[],
): Promise<PushResponse> {
  const res = await fetch(`${url}/api/sync/${collection}/push`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(rows),
  });
  if (!res.ok) throw new Error(`push ${collection}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as PushResponse;
}

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
  adminToken: string,
  type: string,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const entry of await pullAll(url, adminToken, 'oplog')) {
    if (entry._deleted || entry.operation_type !== type) continue;
    const id = entry.property_id as string;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
