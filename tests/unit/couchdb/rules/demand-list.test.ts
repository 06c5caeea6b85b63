import { describe, expect, it } from 'vitest';
import { DEMAND_MESSAGES } from '@couchdb/model/demand-facts';
import {
  canManageDemand,
  changeDemandStatus,
  DEFAULT_DEMAND_FILTER,
  demandPublisher,
  filterDemands,
  type DemandFilter,
} from '@couchdb/rules/demand-list';
import { buildDemand } from '../../../fixtures/builders';

const at = (day: number) => `2025-03-${String(day).padStart(2, '0')}T04:00:00.000Z`;

describe('filterDemands', () => {
  const list = [
    buildDemand({ id: 'a', title: '求购海口镇两室', created_at: at(1) }),
    buildDemand({
      id: 'b',
      title: '求租商铺',
      type: 'rent',
      status: 'inactive',
      requirements: '临街，面积大',
      created_at: at(3),
    }),
    buildDemand({
      id: 'c',
      title: '求购三室',
      status: 'completed',
      areas: ['右所镇'],
      contact: { name: '王先生', phone: '13811112222' },
      created_at: at(2),
    }),
  ];
  const ids = (filter: Partial<DemandFilter>) =>
    filterDemands(list, { ...DEFAULT_DEMAND_FILTER, ...filter }).map((d) => d.id);

  it('lists every demand newest first without a filter', () => {
    expect(ids({})).toEqual(['b', 'c', 'a']);
  });

  it('filters by type and by status', () => {
    expect(ids({ type: 'rent' })).toEqual(['b']);
    expect(ids({ type: 'buy' })).toEqual(['c', 'a']);
    expect(ids({ status: 'completed' })).toEqual(['c']);
    expect(ids({ type: 'buy', status: 'inactive' })).toEqual([]);
  });

  it('searches the title, requirements, areas and contact', () => {
    expect(ids({ keyword: ' 商铺 ' })).toEqual(['b']);
    expect(ids({ keyword: '临街' })).toEqual(['b']);
    expect(ids({ keyword: '右所' })).toEqual(['c']);
    expect(ids({ keyword: '王先生' })).toEqual(['c']);
    expect(ids({ keyword: '右所 王先生' })).toEqual(['c']);
    expect(ids({ keyword: '右所 商铺' })).toEqual([]);
    expect(ids({ keyword: '1381111' })).toEqual(['c']);
    expect(ids({ keyword: '别墅' })).toEqual([]);
  });
});

describe('canManageDemand', () => {
  const demand = buildDemand({ user_id: 'u-owner' });
  it('lets the owner and any admin change a demand, nobody else', () => {
    expect(canManageDemand({ id: 'u-owner', role: 'user' }, demand)).toBe(true);
    expect(canManageDemand({ id: 'u-admin', role: 'admin' }, demand)).toBe(true);
    expect(canManageDemand({ id: 'u-other', role: 'user' }, demand)).toBe(false);
    expect(canManageDemand({ id: 'u-agent', role: 'agent' }, demand)).toBe(false);
    expect(canManageDemand(null, demand)).toBe(false);
  });
});

describe('changeDemandStatus', () => {
  const now = '2025-04-01T00:00:00.000Z';

  it('moves a demand to any other of the three states and stamps the time', () => {
    for (const [from, to] of [
      ['active', 'completed'],
      ['active', 'inactive'],
      ['inactive', 'active'],
      ['completed', 'active'],
      ['completed', 'inactive'],
    ] as const) {
      const result = changeDemandStatus(buildDemand({ status: from }), to, now);
      expect(result).toEqual({ ok: true, demand: expect.objectContaining({ status: to }) });
      if (result.ok) expect(result.demand.updated_at).toBe(now);
    }
  });

  it('refuses a value outside the spec and a change to the same state', () => {
    expect(changeDemandStatus(buildDemand(), 'deleted', now)).toEqual({
      ok: false,
      message: DEMAND_MESSAGES.statusInvalid,
    });
    expect(changeDemandStatus(buildDemand({ status: 'inactive' }), 'inactive', now)).toEqual({
      ok: false,
      message: DEMAND_MESSAGES.statusUnchanged,
    });
  });
});

describe('demandPublisher', () => {
  it('names the account by name, else phone, with its role', () => {
    expect(
      demandPublisher({ name: '张三', phone: '13800000000', user_type: 'agent' }, undefined),
    ).toEqual({ name: '张三', role: '经纪人' });
    expect(
      demandPublisher({ name: '', phone: '13800000000', user_type: 'user' }, undefined),
    ).toEqual({ name: '13800000000', role: '普通用户' });
  });

  it('falls back to the copy on the demand when the device does not hold the account', () => {
    expect(demandPublisher(null, { name: '李女士', user_type: 'agent' })).toEqual({
      name: '李女士',
      role: '经纪人',
    });
    expect(demandPublisher(undefined, undefined)).toEqual({
      name: DEMAND_MESSAGES.unknownPublisher,
      role: '普通用户',
    });
  });
});
