/**
 * The admin's writes to the system settings on the device: one document per key, saved like any
 * write (so it works offline) and checked again by the gateway when it syncs (admins only, each
 * value by the shared schema).
 */
import type { SettingsForm } from '@couchdb/model/setting';
import { SETTING_DESCRIPTIONS, type SettingKey } from '@couchdb/model/setting-facts';
import type { DeviceDatabase } from './database';
import type { SettingDoc } from './schemas/setting.schema';

/** The value each setting document takes from a validated settings form. */
export function settingValues(form: SettingsForm): Record<SettingKey, SettingDoc['setting_value']> {
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
  for (const id of Object.keys(values) as SettingKey[]) {
    const value = values[id];
    const doc = await db.settings.findOne(id).exec();
    if (!doc) {
      await db.settings.insert({
        id,
        setting_value: value,
        description: SETTING_DESCRIPTIONS[id],
        updated_at: now,
      } as SettingDoc);
      continue;
    }
    if (JSON.stringify(doc.setting_value) === JSON.stringify(value)) continue;
    await doc.incrementalModify(
      (old) => ({ ...old, setting_value: value, updated_at: now }) as SettingDoc,
    );
  }
}
