/**
 * The gateway's sync and auth API as tests call it: pull every page of a collection, push rows,
 * change the server's current version, sign in. The same helpers serve integration tests (an
 * in-process gateway's Express app, or its URL) and e2e tests (a gateway process's URL): each takes
 * the gateway first, as an app or a URL, and the caller (anyone with an access token, or null for a
 * visitor) next.
 */
import request from 'supertest';
import type { App } from 'supertest/types';
import {
  PULL_LIMIT_MAX,
  type PullResponse,
  type PushResponse,
  type PushRow,
  type SyncCheckpoint,
  type SyncDocument,
} from '../../couchdb/model/sync';

/** The gateway under test: its Express app (in process) or its base URL (http://127.0.0.1:port). */
export type GatewayTarget = App | string;

/** Whoever calls: an account with an access token, or null for a visitor. */
export type Caller = { accessToken: string } | null;

/** A signed-in account as the API returns it, with the credentials it signed in with. */
export interface Session {
  accessToken: string;
  userId: string;
  phone: string;
  password: string;
}

export const bearer = (who: Caller): Record<string, string> =>
  who ? { Authorization: `Bearer ${who.accessToken}` } : {};

/** A pull checkpoint as the device sends it: the query parameters of the pull URL. */
export function checkpointQuery(checkpoint: SyncCheckpoint | null | undefined) {
  if (!checkpoint) return {};
  const { seq, state, after, role, was, sig } = checkpoint;
  return {
    checkpoint: seq,
    ...(state ? { state } : {}),
    ...(after ? { after } : {}),
    ...(role ? { role } : {}),
    ...(was ? { was } : {}),
    ...(sig ? { sig } : {}),
  };
}

/** One pull of a collection from `checkpoint` (the raw answer, for tests of the route itself). */
export function pullPage(
  target: GatewayTarget,
  who: Caller,
  collection: string,
  {
    checkpoint,
    limit = PULL_LIMIT_MAX,
  }: { checkpoint?: SyncCheckpoint | null; limit?: number } = {},
) {
  return request(target)
    .get(`/api/sync/${collection}/pull`)
    .query({ limit, ...checkpointQuery(checkpoint) })
    .set(bearer(who));
}

export interface Pulled<T> {
  /** Every document (deleted stubs included) in feed order. */
  documents: T[];
  /** The last version of each id, deleted stubs included. */
  byId: Map<string, T>;
  /** The checkpoint after the last page (to pull only what comes next). */
  checkpoint: SyncCheckpoint | undefined;
}

/** Every document of a collection the caller pulls, from the start or from `from`, every page. */
export async function pullAll<T extends { id: string } = SyncDocument>(
  target: GatewayTarget,
  who: Caller,
  collection: string,
  { from, limit = PULL_LIMIT_MAX }: { from?: SyncCheckpoint; limit?: number } = {},
): Promise<Pulled<T>> {
  const documents: T[] = [];
  let checkpoint = from;
  for (;;) {
    const res = await pullPage(target, who, collection, { checkpoint, limit });
    if (res.status !== 200) throw new Error(`pull ${collection}: HTTP ${res.status} ${res.text}`);
    const body = res.body as PullResponse;
    documents.push(...(body.documents as unknown as T[]));
    checkpoint = body.checkpoint ?? checkpoint;
    // A short page may still be followed by more (a visitor's pull skips what it may not see).
    if (body.documents.length === 0) {
      return { documents, byId: new Map(documents.map((d) => [d.id, d])), checkpoint };
    }
  }
}

/** The server's live documents of a collection by id, as the caller sees them (deleted left out). */
export async function serverDocs<T extends { id: string; _deleted?: boolean } = SyncDocument>(
  target: GatewayTarget,
  who: Caller,
  collection: string,
): Promise<Map<string, T>> {
  const { byId } = await pullAll<T>(target, who, collection);
  return new Map([...byId].filter(([, doc]) => !doc._deleted));
}

/** The caller's current server version of a document; throws when the caller cannot see it. */
export async function master<T extends { id: string } = SyncDocument>(
  target: GatewayTarget,
  who: Caller,
  collection: string,
  id: string,
): Promise<T> {
  const doc = (await pullAll<T>(target, who, collection)).byId.get(id);
  if (!doc) throw new Error(`${collection}/${id} is not among what the caller pulls`);
  return doc;
}

/** A push of rows (the raw answer: status and body, for tests of refusals). */
export function push(target: GatewayTarget, who: Caller, collection: string, rows: PushRow[]) {
  return request(target).post(`/api/sync/${collection}/push`).set(bearer(who)).send(rows);
}

/** A push of one document over the version the caller assumes the server has (null: a new one). */
export function pushDoc(
  target: GatewayTarget,
  who: Caller,
  collection: string,
  newDocumentState: object,
  assumedMasterState: object | null = null,
) {
  return push(target, who, collection, [
    {
      assumedMasterState: assumedMasterState as SyncDocument | null,
      newDocumentState: newDocumentState as SyncDocument,
    },
  ]);
}

/** Pushes rows and throws unless every one is accepted (no rejection, no conflict). */
export async function pushAccepted(
  target: GatewayTarget,
  who: Caller,
  collection: string,
  rows: PushRow[],
): Promise<PushResponse> {
  const res = await push(target, who, collection, rows);
  const body = res.body as PushResponse;
  if (res.status !== 200 || body.rejections?.length || body.conflicts?.length) {
    throw new Error(`push ${collection}: HTTP ${res.status} ${res.text}`);
  }
  return body;
}

/** Writes a new document (no assumed master) and throws unless accepted; returns its id. */
export async function insert(
  target: GatewayTarget,
  who: Caller,
  collection: string,
  doc: { id: string },
): Promise<string> {
  await pushAccepted(target, who, collection, [
    { assumedMasterState: null, newDocumentState: doc as SyncDocument },
  ]);
  return doc.id;
}

/** A row changing the server's current version (as `reader` pulls it) by `patch`. */
export async function patchRow(
  target: GatewayTarget,
  reader: Caller,
  collection: string,
  id: string,
  patch: object,
): Promise<PushRow> {
  const current = await master(target, reader, collection, id);
  return { assumedMasterState: current, newDocumentState: { ...current, ...patch } };
}

/** The caller changes a document from its current server version (the raw answer). */
export async function update(
  target: GatewayTarget,
  who: Caller,
  collection: string,
  id: string,
  patch: object,
) {
  return push(target, who, collection, [await patchRow(target, who, collection, id, patch)]);
}

/** The caller changes a document from its current server version; throws unless accepted. */
export async function updateAccepted(
  target: GatewayTarget,
  who: Caller,
  collection: string,
  id: string,
  patch: object,
): Promise<void> {
  await pushAccepted(target, who, collection, [await patchRow(target, who, collection, id, patch)]);
}

/** POST /api/auth/login (the raw answer). */
export function login(target: GatewayTarget, phone: string, password: string) {
  return request(target).post('/api/auth/login').send({ phone, password });
}

/** POST /api/auth/register (the raw answer). */
export function register(
  target: GatewayTarget,
  fields: { phone: string; password: string; name?: string },
) {
  return request(target).post('/api/auth/register').send(fields);
}

/** Signs in through the API and throws unless it succeeds. */
export async function signIn(
  target: GatewayTarget,
  phone: string,
  password: string,
): Promise<Session> {
  const res = await login(target, phone, password);
  if (res.status !== 200) throw new Error(`login ${phone}: HTTP ${res.status} ${res.text}`);
  const body = res.body as { accessToken: string; user: { id: string } };
  return { accessToken: body.accessToken, userId: body.user.id, phone, password };
}
