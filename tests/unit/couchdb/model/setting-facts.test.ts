import { describe, expect, it } from 'vitest';
import { settingSchema, type Setting } from '@couchdb/model/setting';
import {
  DEFAULT_LOAN_RATES,
  DEFAULT_SETTINGS,
  resolveSettings,
  type Settings,
} from '@couchdb/model/setting-facts';
import { FIXED_ISO } from '@tests/fixtures/builders';

/** The settings a schema-parsed document gives, as resolveSettings read them before it left zod. */
function resolvedBySchema(s: Setting): Settings {
  if (s.id === 'default_contact') return { ...DEFAULT_SETTINGS, defaultContact: s.setting_value };
  if (s.id === 'audit_required') return { ...DEFAULT_SETTINGS, auditRequired: s.setting_value };
  if (s.id === 'loan_rates') return { ...DEFAULT_SETTINGS, loanRates: s.setting_value };
  return { ...DEFAULT_SETTINGS, maxImagesPerProperty: s.setting_value };
}

const rates = (change: Record<string, unknown>) => ({ ...DEFAULT_LOAN_RATES, ...change });

describe('resolveSettings without zod', () => {
  it.each([
    ['default_contact', { phone: '13812345678' }],
    ['default_contact', { phone: ' 13812345678 ' }],
    ['default_contact', { phone: '110' }],
    ['default_contact', '13812345678'],
    ['default_contact', null],
    ['audit_required', false],
    ['audit_required', 'no'],
    ['max_images_per_property', 20],
    ['max_images_per_property', 1],
    ['max_images_per_property', 50],
    ['max_images_per_property', 0],
    ['max_images_per_property', 51],
    ['max_images_per_property', 2.5],
    ['max_images_per_property', '20'],
    ['loan_rates', rates({ lprPercent: 3.1, basisPoints: -20 })],
    ['loan_rates', rates({ providentSecondLong: 3.075 })],
    ['loan_rates', rates({ lprPercent: 3.0751 })],
    ['loan_rates', rates({ lprPercent: 0 })],
    ['loan_rates', rates({ lprPercent: 20.5 })],
    ['loan_rates', rates({ lprPercent: '3.1' })],
    ['loan_rates', rates({ basisPoints: 2.5 })],
    ['loan_rates', rates({ basisPoints: 301 })],
    ['loan_rates', rates({ lprDate: '2025-02-30' })],
    ['loan_rates', rates({ providentDate: '2025/05/08' })],
    ['loan_rates', rates({ minDownCommercial: 101 })],
    ['loan_rates', rates({ minDownProvidentFirst: 12.5 })],
    ['loan_rates', { lprPercent: 3.1 }],
    ['loan_rates', null],
    ['site_name', 'x'],
  ])('reads %s = %j as the setting schema does', (id, setting_value) => {
    const doc = { id, setting_value, updated_at: FIXED_ISO };
    const parsed = settingSchema.safeParse(doc);
    const expected = parsed.success ? resolvedBySchema(parsed.data) : DEFAULT_SETTINGS;
    expect(resolveSettings([doc])).toEqual(expected);
  });

  it('ignores documents that are not objects', () => {
    expect(resolveSettings([null, 'audit_required', 3])).toEqual(DEFAULT_SETTINGS);
  });
});
