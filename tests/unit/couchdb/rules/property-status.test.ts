import { describe, expect, it } from 'vitest';
import type { AuditStatus, PropertyStatus } from '@couchdb/model/property-facts';
import { AUDIT_COMMENT_MAX } from '@couchdb/model/property-facts';
import {
  auditProperty,
  canChangeAudit,
  canChangeStatus,
  checkBatchSelection,
  logStatusLabel,
  matchesMyListingFilter,
  myListingStatusLabel,
  ownListingNotice,
  planBatchStatusChange,
  propertyStats,
} from '@couchdb/rules/property-status';
import { buildProperty } from '@tests/fixtures/builders';

const NOW = Date.parse('2025-03-02T00:00:00.000Z');
const admin = { id: 'u-admin', role: 'admin' as const };

describe('canChangeStatus (product §4)', () => {
  it.each<[PropertyStatus, AuditStatus, PropertyStatus, boolean]>([
    ['active', 'approved', 'inactive', true],
    ['inactive', 'approved', 'active', true],
    ['active', 'pending', 'inactive', false],
    ['inactive', 'rejected', 'active', false],
    ['active', 'pending', 'deleted', true],
    ['inactive', 'rejected', 'deleted', true],
    ['active', 'approved', 'deleted', true],
    ['deleted', 'approved', 'active', false],
    ['deleted', 'approved', 'inactive', false],
    ['deleted', 'approved', 'deleted', false],
    ['active', 'pending', 'active', true],
  ])('%s/%s → %s: %s', (status, audit_status, to, ok) => {
    expect(canChangeStatus(buildProperty({ status, audit_status }), to).ok).toBe(ok);
  });

  it('explains a refusal in Chinese', () => {
    expect(canChangeStatus(buildProperty({ audit_status: 'pending' }), 'inactive')).toEqual({
      ok: false,
      code: 'invalid_transition',
      message: '房源审核通过后才能上架或下架',
    });
  });
});

describe('auditProperty', () => {
  it.each(['approved', 'rejected'] as const)(
    '%s sets the auditor, time and comment',
    (decision) => {
      const p = buildProperty({ audit_status: 'pending' });
      const r = auditProperty(p, decision, admin, '  照片不清晰 ', NOW);
      expect(r).toEqual({
        ok: true,
        property: {
          ...p,
          audit_status: decision,
          audit_comment: '照片不清晰',
          audited_by: 'u-admin',
          audited_at: '2025-03-02T00:00:00.000Z',
          updated_at: '2025-03-02T00:00:00.000Z',
        },
      });
    },
  );

  it.each([
    [
      'a non-admin',
      buildProperty({ audit_status: 'pending' }),
      { id: 'u1', role: 'agent' as const },
      'forbidden',
    ],
    [
      'an approved listing',
      buildProperty({ audit_status: 'approved' }),
      admin,
      'invalid_transition',
    ],
    [
      'a deleted listing',
      buildProperty({ audit_status: 'pending', status: 'deleted' }),
      admin,
      'invalid_transition',
    ],
  ])('refuses %s', (_case, property, who, code) => {
    const r = auditProperty(property, 'approved', who, '', NOW);
    expect(r.ok ? null : r.code).toBe(code);
  });
});

describe('canChangeAudit (product §4: an admin decides on a pending listing)', () => {
  const NOT_PENDING = {
    ok: false,
    code: 'invalid_transition',
    message: '只能审核待审核的房源',
  } as const;

  it.each<[AuditStatus, AuditStatus, boolean]>([
    ['pending', 'approved', true],
    ['pending', 'rejected', true],
    ['pending', 'pending', true],
    ['approved', 'approved', true],
    ['rejected', 'rejected', true],
    ['approved', 'rejected', false],
    ['approved', 'pending', false],
    ['rejected', 'approved', false],
    ['rejected', 'pending', false],
  ])('%s → %s: %s', (from, to, ok) => {
    const d = canChangeAudit({ audit_status: from }, { audit_status: to });
    expect(d).toEqual(ok ? { ok: true } : NOT_PENDING);
  });

  it('takes a reason with the decision, but not on its own', () => {
    const pending = { audit_status: 'pending', audit_comment: '' };
    expect(
      canChangeAudit(pending, { audit_status: 'rejected', audit_comment: '图片模糊' }).ok,
    ).toBe(true);
    expect(canChangeAudit(pending, { ...pending, audit_comment: '图片模糊' })).toEqual(NOT_PENDING);
    const rejected = { audit_status: 'rejected', audit_comment: '图片模糊' };
    expect(canChangeAudit(rejected, { ...rejected, audit_comment: '改写的原因' })).toEqual(
      NOT_PENDING,
    );
    // A missing comment is the empty comment.
    expect(
      canChangeAudit({ audit_status: 'approved' }, { ...pending, audit_status: 'approved' }),
    ).toEqual({ ok: true });
  });

  it('refuses a reason longer than the limit', () => {
    const pending = { audit_status: 'pending', audit_comment: '' };
    const at = (n: number) =>
      canChangeAudit(pending, { audit_status: 'rejected', audit_comment: '长'.repeat(n) });
    expect(at(AUDIT_COMMENT_MAX).ok).toBe(true);
    expect(at(AUDIT_COMMENT_MAX + 1)).toEqual({
      ok: false,
      code: 'validation_failed',
      message: '审核意见不能超过500个字符',
    });
  });
});

describe('logStatusLabel (the operation log’s 状态)', () => {
  it.each<[unknown, unknown, string]>([
    ['active', 'pending', '上架（待审核）'],
    ['active', 'rejected', '上架（已拒绝）'],
    ['active', 'approved', '上架'],
    ['inactive', 'approved', '下架'],
    // A view or contact entry keeps no snapshot: the status alone.
    ['active', undefined, '上架'],
    ['closed', 'pending', ''],
    [undefined, 'pending', ''],
    ['toString', undefined, ''],
  ])('%s + %s → %s', (status, audit, label) => {
    expect(logStatusLabel(status, audit)).toBe(label);
  });
});

describe('myListingStatusLabel (product §2)', () => {
  it.each<[PropertyStatus, AuditStatus, string]>([
    ['active', 'pending', '待审核'],
    ['inactive', 'rejected', '已拒绝'],
    ['active', 'approved', '已发布'],
    ['inactive', 'approved', '已下架'],
    ['deleted', 'approved', '已通过'],
  ])('%s + %s → %s', (status, audit_status, label) => {
    expect(myListingStatusLabel({ status, audit_status })).toBe(label);
  });

  it.each([
    ['pending', { status: 'active', audit_status: 'pending' }, true],
    ['approved', { status: 'inactive', audit_status: 'approved' }, true],
    ['active', { status: 'inactive', audit_status: 'approved' }, false],
    ['all', { status: 'deleted', audit_status: 'rejected' }, true],
  ] as const)('filter %s matches %j: %s', (filter, p, ok) => {
    expect(matchesMyListingFilter(p, filter)).toBe(ok);
  });
});

describe('batch helpers', () => {
  it('splits a take-down batch into allowed and refused, skipping no-ops', () => {
    const a = buildProperty({ id: 'a' });
    const b = buildProperty({ id: 'b', audit_status: 'pending' });
    const c = buildProperty({ id: 'c', status: 'inactive' });
    const d = buildProperty({ id: 'd', status: 'deleted' });
    const plan = planBatchStatusChange([a, b, c, d], 'inactive');
    expect(plan.allowed.map((p) => p.id)).toEqual(['a']);
    expect(plan.refused.map((r) => r.id)).toEqual(['b', 'd']);
  });

  it('asks for a selection first', () => {
    expect(checkBatchSelection([])).toBe('请先选择要操作的房源');
    expect(checkBatchSelection(['a'])).toBeNull();
  });

  it('counts the stat cards', () => {
    const stats = propertyStats([
      buildProperty(),
      buildProperty({ status: 'inactive', audit_status: 'pending' }),
      buildProperty({ audit_status: 'rejected' }),
      // Deleted while pending: not in the review queue, so not 待审核 either.
      buildProperty({ status: 'deleted', audit_status: 'pending' }),
    ]);
    expect(stats).toEqual({ total: 4, active: 2, pending: 1, approved: 1 });
  });
});

describe('ownListingNotice', () => {
  it('tells the owner why others cannot see the listing, and nothing while it is public', () => {
    expect(ownListingNotice({ status: 'active', audit_status: 'pending' })).toBe(
      '待审核：审核通过后，所有人都能看到这条房源。',
    );
    expect(
      ownListingNotice({
        status: 'active',
        audit_status: 'rejected',
        audit_comment: '照片不清晰。',
      }),
    ).toBe('未通过审核：照片不清晰。修改后保存即重新提交审核。');
    expect(ownListingNotice({ status: 'inactive', audit_status: 'approved' })).toBe(
      '已下架：其他人看不到这条房源，重新上架后恢复展示。',
    );
    expect(ownListingNotice({ status: 'active', audit_status: 'approved' })).toBeNull();
  });
});
