/**
 * Which kept changes /manage offers to edit and send again: never a deletion or a change to a
 * listing deleted on the server meanwhile, and a document gone from the server (sent again as a
 * new one) only to its author, so an admin's lost change does not come back as the admin's listing.
 */
import { describe, expect, it } from 'vitest';
import { resendable } from '@client/data/sync/refusals';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';

const entry = (doc: object, server: object | null): RefusedDoc => ({
  id: 'r1',
  collection_name: 'properties',
  doc_id: 'p1',
  doc: { id: 'p1', user_id: 'owner', status: 'active', ...doc },
  code: 'clash',
  message: '与他人的修改冲突，已保留您的版本',
  server_doc: server && { id: 'p1', user_id: 'owner', status: 'active', ...server },
  created_at: '2026-11-27T00:00:00.000Z',
});

describe('a kept change', () => {
  it('is offered again to whoever may edit the listing still on the server', () => {
    expect(resendable(entry({ price: 1 }, {}), 'owner')).toBe(true);
    expect(resendable(entry({ price: 1 }, {}), 'an-admin')).toBe(true);
  });

  it('is not offered once the listing was deleted, or for a deletion', () => {
    expect(resendable(entry({ status: 'inactive' }, { status: 'deleted' }), 'an-admin')).toBe(
      false,
    );
    expect(resendable(entry({ status: 'inactive' }, { status: 'deleted' }), 'owner')).toBe(false);
    expect(resendable(entry({ status: 'deleted' }, {}), 'owner')).toBe(false);
    expect(resendable(entry({ _deleted: true }, {}), 'owner')).toBe(false);
  });

  it('gone from the server, is offered as a new one to its author alone', () => {
    expect(resendable(entry({}, null), 'owner')).toBe(true);
    expect(resendable(entry({}, { _deleted: true }), 'owner')).toBe(true);
    expect(resendable(entry({}, null), 'an-admin')).toBe(false);
  });
});
