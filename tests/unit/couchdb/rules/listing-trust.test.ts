import { describe, expect, it } from 'vitest';
import { nextTrustFields } from '@couchdb/rules/listing-trust';

const owner = { id: 'u-owner', role: 'user' as const };
const admin = { id: 'u-admin', role: 'admin' as const };
const NOW = '2025-03-02T00:00:00.000Z';
const CONTENT = ['title', 'price', 'verification_code'];

describe('nextTrustFields', () => {
  it('starts a new code unchecked and keeps no status without a code', () => {
    expect(
      nextTrustFields(null, { verification_code: 'ABC123' }, owner, NOW, CONTENT),
    ).toMatchObject({ verification_status: 'unchecked', verified_by: null, verified_at: null });
    expect(nextTrustFields(null, {}, owner, NOW, CONTENT).verification_status).toBeUndefined();
  });

  it('stamps an admin check and resets it when the code changes', () => {
    const current = { verification_code: 'ABC123', verification_status: 'unchecked' };
    const checked = nextTrustFields(
      current,
      { ...current, verification_status: 'verified' },
      admin,
      NOW,
      CONTENT,
    );
    expect(checked).toMatchObject({
      verification_status: 'verified',
      verified_by: 'u-admin',
      verified_at: NOW,
    });
    const verified = { ...current, ...checked };
    expect(nextTrustFields(verified, { ...verified, price: 2 }, owner, NOW, CONTENT)).toMatchObject(
      { verification_status: 'verified', verified_by: 'u-admin' },
    );
    expect(
      nextTrustFields(verified, { ...verified, verification_code: 'XYZ789' }, owner, NOW, CONTENT),
    ).toMatchObject({ verification_status: 'unchecked', verified_by: null, verified_at: null });
  });

  it("ends a fix request with the owner's content edit, not with a status change", () => {
    const moderation = { kind: 'fix_requested', reason: '请更新图片', at: NOW };
    const current = { title: 'a', status: 'active', moderation };
    expect(
      nextTrustFields(current, { ...current, status: 'inactive' }, owner, NOW, CONTENT).moderation,
    ).toEqual(moderation);
    expect(
      nextTrustFields(current, { ...current, title: 'b' }, owner, NOW, CONTENT).moderation,
    ).toBe(null);
  });

  it('ends a takedown when an admin puts the listing up again', () => {
    const moderation = { kind: 'taken_down', reason: '虚假', at: NOW };
    const current = { status: 'inactive', moderation };
    expect(
      nextTrustFields(current, { ...current, status: 'active' }, admin, NOW, CONTENT).moderation,
    ).toBe(null);
    expect(
      nextTrustFields(current, { ...current, title: 'x' }, owner, NOW, CONTENT).moderation,
    ).toEqual(moderation);
  });
});
