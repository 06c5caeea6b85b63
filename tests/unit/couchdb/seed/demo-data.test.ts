import { AUDIT_STATUSES, PROPERTY_STATUSES } from '@couchdb/model/property-facts';
import { DAY_MS, PRESET_FEATURE_TAGS, TOWNSHIPS } from '@couchdb/model/constants';
import { DEFAULT_LOAN_RATES, resolveSettings, SETTING_KEYS } from '@couchdb/model/setting-facts';
import { DEMAND_STATUSES } from '@couchdb/model/demand-facts';
import { demandSchema } from '@couchdb/model/demand';
import { NEWS_CATEGORIES, NEWS_STATUSES } from '@couchdb/model/news-facts';
import { newsSchema } from '@couchdb/model/news';
import { PHONE_PATTERN } from '@couchdb/model/common-facts';
import { propertySchema, propertyWriteSchema } from '@couchdb/model/property';
import { settingSchema, settingWriteSchema } from '@couchdb/model/setting';
import { userSchema } from '@couchdb/model/user';
import { placeOnMap } from '@couchdb/rules/map-placement';
import { buildBenchProperties } from '@couchdb/seed/bench-data';
import {
  buildDemoData,
  DEMO_ACCOUNTS,
  placeholderDemoMedia,
  type DemoData,
} from '@couchdb/seed/demo-data';
import { beforeAll, describe, expect, it } from 'vitest';

const NOW = new Date('2026-03-01T04:00:00.000Z');

describe('buildDemoData', () => {
  let data: DemoData;
  beforeAll(() => {
    data = buildDemoData({ now: NOW, media: placeholderDemoMedia() });
  });

  it('produces documents that parse with the model schemas, unchanged', () => {
    for (const p of data.properties) {
      // Strict write schema: no field the model does not know, and nothing filled by defaults.
      expect(propertyWriteSchema.parse(p), p.id).toEqual(p);
      expect(propertySchema.parse(p), p.id).toEqual(p);
    }
    for (const d of data.demands) expect(demandSchema.parse(d), d.id).toEqual(d);
    for (const n of data.news) expect(newsSchema.parse(n), n.id).toEqual(n);
    for (const s of data.settings) expect(settingSchema.parse(s), s.id).toEqual(s);
    for (const a of data.accounts) expect(userSchema.parse(a.user), a.user.id).toEqual(a.user);
  });

  it('has a few verified listings and a few codes waiting for a check (issue 19)', () => {
    const verified = data.properties.filter((p) => p.verification_status === 'verified');
    const waiting = data.properties.filter((p) => p.verification_status === 'unchecked');
    expect(verified.length).toBeGreaterThanOrEqual(3);
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    for (const p of verified) {
      expect(p.status === 'active' && p.audit_status === 'approved', p.id).toBe(true);
      expect(p.verification_code).toMatch(/^[0-9A-Z]{6,24}$/);
    }
  });

  it('places public listings on the map, a few at their 小区 and a few off it (issue 65)', () => {
    const visible = data.properties.filter(
      (p) => p.status === 'active' && p.audit_status === 'approved',
    );
    const { placed, unplaced } = placeOnMap(visible);
    const own = placed.filter((p) => !p.atCommunity);
    expect(own.length).toBeGreaterThan(visible.length / 2);
    expect(placed.some((p) => p.atCommunity)).toBe(true);
    expect(unplaced.length).toBeGreaterThan(0);
    // Every township has pins, so the map's clusters spread over the county.
    expect(new Set(placed.map((p) => p.property.address.district))).toEqual(new Set(TOWNSHIPS));
  });

  it('has one admin, one agent and two users, with the README credentials', () => {
    const roles = data.accounts.map((a) => a.user.user_type).sort();
    expect(roles).toEqual(['admin', 'agent', 'user', 'user']);
    for (const account of DEMO_ACCOUNTS) {
      expect(account.phone).toMatch(PHONE_PATTERN);
      expect(account.password.length).toBeGreaterThanOrEqual(8);
      const seeded = data.accounts.find((a) => a.user.phone === account.phone);
      expect(seeded?.password).toBe(account.password);
      expect(seeded?.user).not.toHaveProperty('password');
    }
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.phone)).size).toBe(DEMO_ACCOUNTS.length);
  });

  it('spreads 60+ listings over all six townships, both types, in every status × audit state', () => {
    const { properties } = data;
    expect(properties.length).toBeGreaterThanOrEqual(60);
    expect(new Set(properties.map((p) => p.id)).size).toBe(properties.length);
    for (const town of TOWNSHIPS) {
      const here = properties.filter((p) => p.address.district === town);
      expect(new Set(here.map((p) => p.type)), town).toEqual(new Set(['sale', 'rent']));
    }
    for (const status of PROPERTY_STATUSES) {
      for (const audit of AUDIT_STATUSES) {
        const n = properties.filter((p) => p.status === status && p.audit_status === audit).length;
        expect(n, `${status}/${audit}`).toBeGreaterThan(0);
      }
    }
    const publicOnes = properties.filter(
      (p) => p.status === 'active' && p.audit_status === 'approved',
    );
    expect(publicOnes.length).toBeGreaterThanOrEqual(40);
    expect(publicOnes.filter((p) => p.is_featured).length).toBeGreaterThanOrEqual(12);
    expect(publicOnes.filter((p) => p.is_priority).length).toBeGreaterThanOrEqual(3);
    const recent = publicOnes.filter((p) => NOW.getTime() - Date.parse(p.created_at) < 3 * DAY_MS);
    expect(recent.length).toBeGreaterThanOrEqual(3);
    expect(properties.filter((p) => p.panorama_url)).toHaveLength(0);
  });

  it('keeps audit fields consistent with the audit state', () => {
    for (const p of data.properties) {
      if (p.audit_status === 'pending') {
        expect(p.audited_by, p.id).toBeNull();
        expect(p.audited_at, p.id).toBeNull();
      } else {
        expect(p.audited_by, p.id).toBe('demo-admin');
        expect(Date.parse(p.audited_at ?? '')).toBeGreaterThanOrEqual(Date.parse(p.created_at));
      }
      if (p.audit_status === 'rejected') expect(p.audit_comment.length, p.id).toBeGreaterThan(0);
      expect(Date.parse(p.updated_at)).toBeGreaterThanOrEqual(Date.parse(p.created_at));
      expect(Date.parse(p.updated_at)).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('uses county prices, real tags, owners and contacts', () => {
    const owners = new Set(data.properties.map((p) => p.user_id));
    expect(owners).toEqual(new Set(['demo-agent', 'demo-user-1', 'demo-user-2']));
    for (const p of data.properties) {
      if (p.type === 'sale') {
        expect(p.price, p.id).toBeGreaterThanOrEqual(250_000);
        expect(p.price, p.id).toBeLessThanOrEqual(2_000_000);
      } else {
        expect(p.price, p.id).toBeGreaterThanOrEqual(800);
        expect(p.price, p.id).toBeLessThanOrEqual(4000);
      }
      expect(p.title.length, p.id).toBeGreaterThanOrEqual(5);
      expect(p.description.length, p.id).toBeGreaterThanOrEqual(10);
      expect(p.address.address.length, p.id).toBeGreaterThanOrEqual(5);
      expect(p.rooms).toMatch(new RegExp(`^${p.bedrooms}室\\d厅\\d卫$`));
      for (const tag of p.features) expect(PRESET_FEATURE_TAGS).toContain(tag);
      expect(p.contact.phone).toBe(p.contact_phone);
      expect(p.images.length).toBeGreaterThan(0);
      expect(p.images.filter((img) => img.is_cover)).toHaveLength(1);
    }
  });

  it('has 12+ news over every category and status, and 8+ demands in every status', () => {
    expect(data.news.length).toBeGreaterThanOrEqual(12);
    expect(new Set(data.news.map((n) => n.category))).toEqual(new Set(NEWS_CATEGORIES));
    expect(new Set(data.news.map((n) => n.status))).toEqual(new Set(NEWS_STATUSES));
    for (const n of data.news) expect(n.content).toMatch(/<p>/);
    expect(data.demands.length).toBeGreaterThanOrEqual(8);
    expect(new Set(data.demands.map((d) => d.status))).toEqual(new Set(DEMAND_STATUSES));
    expect(new Set(data.demands.map((d) => d.type))).toEqual(new Set(['buy', 'rent']));
  });

  it('seeds every setting at its default, each valid by the setting schema', () => {
    expect(data.settings.map((s) => s.id).sort()).toEqual([...SETTING_KEYS].sort());
    for (const s of data.settings) expect(settingWriteSchema.safeParse(s).success).toBe(true);
    const settings = resolveSettings(data.settings);
    expect(settings.auditRequired).toBe(true);
    expect(settings.maxImagesPerProperty).toBe(10);
    expect(settings.loanRates).toEqual(DEFAULT_LOAN_RATES);
  });

  it('links hosted 360° tours to a few featured listings when given', () => {
    const tours = ['https://vr.example.com/tour/1', 'https://vr.example.com/tour/2'];
    const withTours = buildDemoData({
      now: NOW,
      media: placeholderDemoMedia(),
      panoramaUrls: tours,
    });
    const linked = withTours.properties.filter((p) => p.panorama_url);
    expect(linked.length).toBeGreaterThanOrEqual(2);
    for (const p of linked) {
      expect(tours).toContain(p.panorama_url);
      expect(p.is_featured).toBe(true);
      expect(propertyWriteSchema.parse(p)).toEqual(p);
    }
  });

  it('is deterministic for a seed and varies with it', () => {
    const again = buildDemoData({ now: NOW, media: placeholderDemoMedia() });
    expect(again).toEqual(data);
    const other = buildDemoData({ now: NOW, media: placeholderDemoMedia(), seed: 7 });
    expect(other.properties.map((p) => p.title)).not.toEqual(data.properties.map((p) => p.title));
  });
});

describe('buildBenchProperties', () => {
  it('builds 10,000 public listings with unique ids, deterministically', () => {
    const listings = buildBenchProperties(10_000, 1);
    expect(listings).toHaveLength(10_000);
    expect(new Set(listings.map((p) => p.id)).size).toBe(10_000);
    expect(listings.every((p) => p.status === 'active' && p.audit_status === 'approved')).toBe(
      true,
    );
    expect(new Set(listings.map((p) => p.address.district))).toEqual(new Set(TOWNSHIPS));
    expect(buildBenchProperties(50, 1)).toEqual(listings.slice(0, 50));
  });

  it('produces documents that parse with the property schema', () => {
    for (const p of buildBenchProperties(500, 3)) {
      expect(propertyWriteSchema.parse(p), p.id).toEqual(p);
    }
  });
});
