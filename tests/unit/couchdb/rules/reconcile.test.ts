import { describe, expect, it } from 'vitest';
import type { SyncCollection, SyncDocument } from '@couchdb/model/sync';
import { reconcile } from '@couchdb/rules/reconcile';
import { buildDemand, buildProperty } from '@tests/fixtures/builders';

const base = { ...buildProperty({ id: 'p-1' }), server_rev: '1-a' } as SyncDocument;
const v = (over: Record<string, unknown>): SyncDocument => ({ ...base, ...over });
const later = { server_rev: '2-b', updated_at: '2025-03-02T00:00:00.000Z' };

interface Case {
  name: string;
  collection?: SyncCollection;
  assumed: SyncDocument | null;
  master: SyncDocument;
  local: SyncDocument;
  admin?: boolean;
  expectDoc: Record<string, unknown>;
  clash: string[];
}

const cases: Case[] = [
  {
    name: 'only the device changed a content field: merged onto the server version',
    assumed: base,
    master: v({ ...later, description: '服务器修改了描述，十个字以上。' }),
    local: v({ title: '本地修改的标题' }),
    expectDoc: { title: '本地修改的标题', description: '服务器修改了描述，十个字以上。', ...later },
    clash: [],
  },
  {
    name: 'both changed the same field differently: the server value stays, clash listed',
    assumed: base,
    master: v({ ...later, price: 1_300_000 }),
    local: v({ price: 1_200_000 }),
    expectDoc: { price: 1_300_000 },
    clash: ['price'],
  },
  {
    name: 'both changed the same field to the same value: no clash',
    assumed: base,
    master: v({ ...later, price: 1_300_000 }),
    local: v({ price: 1_300_000 }),
    expectDoc: { price: 1_300_000 },
    clash: [],
  },
  {
    name: 'server-managed fields always come from the server',
    assumed: base,
    master: v({ ...later, view_count: 7, owner: { name: '张先生' } }),
    local: v({ view_count: 99, user_id: 'u-forged', owner: { name: '伪造' } }),
    expectDoc: { view_count: 7, user_id: 'u-owner', owner: { name: '张先生' }, ...later },
    clash: [],
  },
  {
    name: "a listing's price history comes from the server: a re-sent create does not clash on it",
    assumed: null,
    master: v({ ...later, price_history: [{ price: 1_250_000, at: base.created_at }] }),
    local: v({}),
    expectDoc: { price_history: [{ price: 1_250_000, at: base.created_at }], ...later },
    clash: [],
  },
  {
    name: 'a user setting is_featured: the server wins, the local value is reported',
    assumed: base,
    master: v(later),
    local: v({ is_featured: true }),
    expectDoc: { is_featured: false },
    clash: ['is_featured'],
  },
  {
    name: 'an admin auditing while the owner edited: both survive',
    assumed: v({ audit_status: 'pending' }),
    master: v({ ...later, audit_status: 'pending', title: '房东改的标题' }),
    local: v({ audit_status: 'approved', audited_by: 'u-admin' }),
    admin: true,
    expectDoc: { audit_status: 'approved', audited_by: 'u-admin', title: '房东改的标题' },
    clash: [],
  },
  {
    name: 'another admin decided first: the whole local decision loses, its reason too',
    assumed: v({ audit_status: 'pending' }),
    master: v({
      ...later,
      audit_status: 'approved',
      audited_by: 'u-admin-a',
      audited_at: later.updated_at,
    }),
    local: v({
      audit_status: 'rejected',
      audit_comment: '图片与描述不符',
      audited_by: 'u-admin-b',
      audited_at: '2025-03-03T00:00:00.000Z',
    }),
    admin: true,
    expectDoc: {
      audit_status: 'approved',
      audit_comment: '',
      audited_by: 'u-admin-a',
      audited_at: later.updated_at,
    },
    clash: ['audit_status', 'audit_comment', 'audited_by', 'audited_at'],
  },
  {
    name: 'another admin decided first while this admin edited the title: the title merges',
    assumed: v({ audit_status: 'pending' }),
    master: v({
      ...later,
      audit_status: 'rejected',
      audit_comment: '信息不全',
      audited_by: 'u-admin-a',
    }),
    local: v({ audit_status: 'pending', title: '管理员改的标题' }),
    admin: true,
    expectDoc: { audit_status: 'rejected', audit_comment: '信息不全', title: '管理员改的标题' },
    clash: [],
  },
  {
    name: 'an admin took the listing down while the owner re-listed: the server status wins',
    assumed: v({ status: 'inactive' }),
    master: v({ ...later, status: 'deleted' }),
    local: v({ status: 'active' }),
    expectDoc: { status: 'deleted' },
    clash: ['status'],
  },
  {
    name: 'the owner took it down offline, the server changed something else: merged',
    assumed: base,
    master: v({ ...later, is_priority: true }),
    local: v({ status: 'inactive' }),
    expectDoc: { status: 'inactive', is_priority: true },
    clash: [],
  },
  {
    name: 'the device removed an optional field the server left alone: removed',
    assumed: v({ panorama_url: 'https://example.com/pano' }),
    master: v({ ...later, panorama_url: 'https://example.com/pano' }),
    local: base,
    expectDoc: { panorama_url: undefined },
    clash: [],
  },
  {
    name: 'two devices created the same id: the server version stays, differing fields clash',
    collection: 'demands',
    assumed: null,
    master: { ...buildDemand({ id: 'd-1', title: '甲设备' }), server_rev: '1-a' },
    local: { ...buildDemand({ id: 'd-1', title: '乙设备' }) },
    expectDoc: { title: '甲设备' },
    clash: ['title'],
  },
  {
    name: 'the server deleted what the device edited: the deletion stays, the edit clashes',
    collection: 'demands',
    assumed: base,
    master: { id: 'p-1', _deleted: true },
    local: v({ title: '本地修改' }),
    expectDoc: { id: 'p-1', _deleted: true },
    clash: ['_deleted'],
  },
  {
    name: 'the server deleted what the device left alone: deleted, no clash',
    collection: 'demands',
    assumed: base,
    master: { id: 'p-1', _deleted: true },
    local: v({ updated_at: '2025-03-05T00:00:00.000Z' }),
    expectDoc: { _deleted: true },
    clash: [],
  },
  {
    name: 'the device deleted what the server only touched server fields of: deletion re-applied',
    collection: 'demands',
    assumed: base,
    master: v(later),
    local: { ...base, _deleted: true },
    expectDoc: { _deleted: true, ...later },
    clash: [],
  },
  {
    name: 'the device deleted what the server edited: the server version stays, clash',
    collection: 'demands',
    assumed: base,
    master: v({ ...later, title: '他人修改' }),
    local: { ...base, _deleted: true },
    expectDoc: { title: '他人修改', _deleted: undefined },
    clash: ['_deleted'],
  },
];

describe('reconcile (architecture §5 conflict policy)', () => {
  it.each(cases)('$name', (c) => {
    const result = reconcile(
      c.collection ?? 'properties',
      { assumed: c.assumed, master: c.master, local: c.local },
      { admin: c.admin ?? false },
    );
    expect(result.clash).toEqual(c.clash);
    for (const [key, value] of Object.entries(c.expectDoc)) {
      expect(result.doc[key], key).toEqual(value);
    }
  });

  it('never mutates its inputs', () => {
    const master = v(later);
    const local = v({ title: '本地' });
    const snapshot = JSON.stringify([base, master, local]);
    reconcile('properties', { assumed: base, master, local });
    expect(JSON.stringify([base, master, local])).toBe(snapshot);
  });
});
