/**
 * The admin's writes to the system settings on the device: one document per key, saved like any
 * write (so it works offline) and checked again by the gateway when it syncs (admins only, each
 * value by the shared schema).
 */
import type { SettingsForm } from '@couchdb/model/setting';
import {
  type LoanRates,
  SETTING_DESCRIPTIONS,
  type SettingKey,
} from '@couchdb/model/setting-facts';
import type { DeviceDatabase } from '../storage/database';
import type { SettingDoc } from '../schemas/setting.schema';

type FormKey = Exclude<SettingKey, 'loan_rates'>;

/** The value each setting document takes from a validated settings form. */
export function settingValues(form: SettingsForm): Record<FormKey, SettingDoc['setting_value']> {
  return {
    default_contact: { phone: form.default_contact_phone },
    audit_required: form.audit_required,
    max_images_per_property: form.max_images_per_property,
  };
}

/**
 * Saves the settings form: each key whose value changed is written (created when the device has
 * no document for it yet); an unchanged key is left alone, so it makes no new revision.
 */
export async function saveSettings(
  db: DeviceDatabase,
  form: SettingsForm,
  now = new Date().toISOString(),
): Promise<void> {
  const values = settingValues(form);
  for (const id of Object.keys(values) as FormKey[]) await writeSetting(db, id, values[id], now);
}

/** Saves the calculator's reference rates (the loan_rates setting), like saveSettings. */
export async function saveLoanRates(
  db: DeviceDatabase,
  rates: LoanRates,
  now = new Date().toISOString(),
): Promise<void> {
  await writeSetting(db, 'loan_rates', { ...rates }, now);
}

/** Writes one setting: created when missing, left alone when its value did not change. */
async function writeSetting(
  db: DeviceDatabase,
  id: SettingKey,
  value: SettingDoc['setting_value'],
  now: string,
): Promise<void> {
  const doc = await db.settings.findOne(id).exec();
  if (!doc) {
    await db.settings.insert({
      id,
      setting_value: value,
      description: SETTING_DESCRIPTIONS[id],
      updated_at: now,
    } as SettingDoc);
    return;
  }
  if (JSON.stringify(doc.setting_value) === JSON.stringify(value)) return;
  await doc.incrementalModify(
    (old) => ({ ...old, setting_value: value, updated_at: now }) as SettingDoc,
  );
}
