import { describe, expect, it } from 'vitest';
import type { SyncDocument } from '@couchdb/model/sync';
import { STATUS_MESSAGES } from '@couchdb/rules/property-status';
import { baseOf, CLASH_CODE, createConflictHandler } from '@client/data/sync/conflict-handler';
import type { RefusalInput } from '@client/data/sync/refusals';

const master: SyncDocument = {
  id: 'p1',
  server_rev: '3-abc',
  title: '九村镇 九村佳苑 诚心出售',
  price: 627000,
  view_count: 4,
};

function handler() {
  const kept: RefusalInput[] = [];
  const resolve = createConflictHandler('properties', {
    isAdmin: () => false,
    takeServerVersion: () => false,
    keep: async (input) => {
      kept.push(input);
    },
  }).resolve;
  return { kept, resolve };
}

describe('a local edit pushed without its base (no assumed master state)', () => {
  it('keeps the edit when its server_rev is the master’s: the server has not moved', async () => {
    const local = { ...master, title: '九村镇 九村佳苑 诚心出售（已降价）' };
    const { kept, resolve } = handler();
    const doc = await resolve(
      {
        assumedMasterState: undefined,
        realMasterState: master as never,
        newDocumentState: local as never,
      } as never,
      'upstream-check-if-equal' as never,
    );
    expect(doc).toMatchObject({ title: local.title, server_rev: master.server_rev });
    expect(kept).toEqual([]);
  });

  it('keeps it aside as a clash when the server moved since the device saw it', async () => {
    const local = { ...master, server_rev: '2-old', title: '改过的标题 诚心出售' };
    const { kept, resolve } = handler();
    const doc = await resolve(
      {
        assumedMasterState: undefined,
        realMasterState: master as never,
        newDocumentState: local as never,
      } as never,
      'upstream-check-if-equal' as never,
    );
    expect(doc).toMatchObject({ title: master.title });
    expect(kept.map((k) => k.code)).toEqual([CLASH_CODE]);
  });

  it('uses the assumed master state whenever RxDB has one', () => {
    const assumed = { ...master, server_rev: '2-old' };
    expect(baseOf(assumed, master, { ...master })).toBe(assumed);
    expect(baseOf(undefined, master, { ...master })).toBe(master);
    expect(baseOf(undefined, master, { ...master, server_rev: undefined })).toBeUndefined();
  });
});

describe('a change to a listing deleted meanwhile', () => {
  it('is kept aside saying the listing is deleted, not as a clash with someone', async () => {
    const deleted = { ...master, server_rev: '4-def', status: 'deleted' };
    const local = { ...master, status: 'inactive' };
    const { kept, resolve } = handler();
    const doc = await resolve(
      {
        assumedMasterState: { ...master, status: 'active' } as never,
        realMasterState: deleted as never,
        newDocumentState: local as never,
      } as never,
      'upstream-check-if-equal' as never,
    );
    expect(doc).toMatchObject({ status: 'deleted' });
    expect(kept).toMatchObject([{ code: CLASH_CODE, message: STATUS_MESSAGES.fromDeleted }]);
  });
});
