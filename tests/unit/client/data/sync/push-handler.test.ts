/**
 * The push handler: what it sends of RxDB's rows, and what the conflict handler learns from the
 * answer. An answer RxDB never took (it came back after the replication paused) says nothing of
 * the next push of the same rows; a row the device holds as pulled is not sent.
 */
import { describe, expect, it } from 'vitest';
import type { RxReplicationWriteToMasterRow } from 'rxdb';
import type { PushResponse, PushRow, SyncDocument } from '@couchdb/model/sync';
import { collectionPush } from '@client/data/sync/push-handler';
import { RefusalLedger } from '@client/data/sync/refusals';
import type { SyncHttp } from '@client/data/sync/sync-http';

const server: SyncDocument = { id: 'p1', title: '待审核', audit_status: 'pending' };

/** A gateway answering each push with the next of `answers`, keeping what was sent. */
function gateway(...answers: Partial<PushResponse>[]) {
  const sent: PushRow[][] = [];
  const http = {
    json: async (_method: string, _path: string, body: PushRow[]) => {
      sent.push(body);
      return { conflicts: [], rejections: [], accepted: [], resent: [], ...answers.shift() };
    },
  } as unknown as SyncHttp;
  return { http, sent };
}

const row = (doc: SyncDocument, assumed?: SyncDocument) =>
  ({
    newDocumentState: { ...doc, _deleted: false },
    assumedMasterState: assumed && { ...assumed, _deleted: false },
  }) as RxReplicationWriteToMasterRow<SyncDocument>;

describe('the push handler', () => {
  it('forgets what an answer RxDB never took said of a row when the row is sent again', async () => {
    const ledger = new RefusalLedger();
    const { http } = gateway(
      // The pulled version sent back: re-sent, take the server's version.
      { conflicts: [server], resent: ['p1'] },
      // An approval made meanwhile, on the same server version: a conflict to reconcile.
      { conflicts: [server] },
    );
    const push = collectionPush('properties', http, ledger);
    await push([row(server)]);
    // RxDB dropped that answer (the replication had paused): no conflict handler ran.
    await push([row({ ...server, audit_status: 'approved' })]);
    expect(ledger.takeServerVersion('properties', 'p1')).toBe(false);
  });

  it('still tells the conflict handler what the answer to the push just made said', async () => {
    const ledger = new RefusalLedger();
    const { http } = gateway({ conflicts: [server], resent: ['p1'] });
    await collectionPush('properties', http, ledger)([row(server)]);
    expect(ledger.takeServerVersion('properties', 'p1')).toBe(true);
    expect(ledger.takeServerVersion('properties', 'p1')).toBe(false);
  });

  it('does not send a row the device holds as pulled', async () => {
    const { http, sent } = gateway({ accepted: [] });
    const changed = { id: 'p2', title: '本机改的', audit_status: 'approved' };
    const push = collectionPush(
      'properties',
      http,
      new RefusalLedger(),
      async () => new Set(['p1']),
    );
    expect(await push([row(server), row(changed)])).toEqual([]);
    expect(sent).toEqual([
      [{ assumedMasterState: null, newDocumentState: { ...changed, _deleted: false } }],
    ]);
    sent.length = 0;
    expect(await push([row(server)])).toEqual([]);
    expect(sent, 'nothing to send').toEqual([]);
  });
});
