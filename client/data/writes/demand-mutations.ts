/**
 * Writes to demands on the device (publish, edit, status change, delete); each syncs like any write,
 * so they work offline. The screens validate with the shared form schema and call these.
 */
import { newId } from '@couchdb/model/common-facts';
import type { DemandForm } from '@couchdb/model/demand';
import { DEMAND_MAX, DEMAND_MESSAGES, type DemandStatus } from '@couchdb/model/demand-facts';
import { changeDemandStatus } from '@couchdb/rules/demand-list';
import { RefusalError } from '@client/lib/failure';
import type { DeviceDatabase } from '../storage/database';
import { checkLimit } from './limit-reached';
import type { DemandDoc } from '../schemas/demand.schema';

/** The ranges a form may leave empty: emptied on an edit, they are removed from the document. */
const OPTIONAL_RANGES = ['min_price', 'max_price', 'min_area', 'max_area'] as const;

/** The content a validated demand form gives the document (the contact is one object there). */
export function demandContent(form: DemandForm, now: string) {
  const { contact_name, contact_phone, ...content } = form;
  return {
    ...content,
    contact: { name: contact_name ?? '', phone: contact_phone },
    updated_at: now,
  };
}

/** A demand document for the user's edit: the new content, emptied ranges removed. */
export function editedDemand(old: DemandDoc, form: DemandForm, now: string): DemandDoc {
  const next = demandContent(form, now);
  const merged: DemandDoc = { ...old, ...next };
  for (const key of OPTIONAL_RANGES) if (next[key] === undefined) delete merged[key];
  return merged;
}

/** Publishes a new demand (active at once, product §5); returns its id. */
export async function publishDemand(
  db: DeviceDatabase,
  userId: string,
  form: DemandForm,
  now = new Date().toISOString(),
): Promise<string> {
  // Counted by reading them: RxDB refuses a count() its indexes cannot answer alone (QU14).
  const owned = await db.demands.find({ selector: { user_id: userId } }).exec();
  checkLimit(owned.length, DEMAND_MAX, DEMAND_MESSAGES.tooMany);
  const id = newId();
  await db.demands.insert({
    id,
    user_id: userId,
    status: 'active',
    created_at: now,
    ...demandContent(form, now),
  });
  return id;
}

/** Saves the edit of one of the user's demands; throws when the device does not hold it. */
export async function editDemand(
  db: DeviceDatabase,
  id: string,
  form: DemandForm,
  now = new Date().toISOString(),
): Promise<void> {
  const doc = await db.demands.findOne(id).exec();
  if (!doc) throw new Error('demand not on this device');
  await doc.incrementalModify((old) => editedDemand(old, form, now));
}

/** Deletes a demand (the user's own, or any for an admin); the deletion syncs like any write. */
export async function deleteDemand(db: DeviceDatabase, id: string): Promise<void> {
  const doc = await db.demands.findOne(id).exec();
  if (doc) await doc.incrementalRemove();
}

/**
 * Moves a demand to another of its states (product §4: 待处理, 已暂停, 已完成), for its owner or an
 * admin; throws the rule's message when refused or when the device does not hold it.
 */
export async function setDemandStatus(
  db: DeviceDatabase,
  id: string,
  to: DemandStatus,
  now = new Date().toISOString(),
): Promise<void> {
  const doc = await db.demands.findOne(id).exec();
  if (!doc) throw new Error('demand not on this device');
  await doc.incrementalModify((old) => {
    const result = changeDemandStatus(old, to, now);
    if (!result.ok) throw new RefusalError(result.message);
    return result.demand;
  });
}
