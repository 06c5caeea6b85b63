/**
 * The admin's writes to news articles on the device (create, edit, delete): each syncs like any
 * write, so an article written offline stays on the device and reaches the server when back online.
 * The gateway checks each again (admins only) and sanitises the content it stores.
 */
import { newId } from '@couchdb/model/common-facts';
import type { NewsForm } from '@couchdb/model/news';
import type { DeviceDatabase } from '../storage/database';
import type { NewsDoc } from '../schemas/news.schema';

/** The author as the device first stores it (the gateway keeps its own record of who wrote it). */
export interface NewsAuthor {
  id: string;
  name: string;
}

/** Writes a new article from a validated form; returns its id. */
export async function createNews(
  db: DeviceDatabase,
  author: NewsAuthor,
  form: NewsForm,
  now = new Date().toISOString(),
): Promise<string> {
  const id = newId();
  await db.news.insert({
    id,
    author_id: author.id,
    author_name: author.name,
    view_count: 0,
    like_count: 0,
    created_at: now,
    updated_at: now,
    ...form,
  } satisfies NewsDoc);
  return id;
}

/** Saves the edit of an article; throws when the device does not hold it. */
export async function updateNews(
  db: DeviceDatabase,
  id: string,
  form: NewsForm,
  now = new Date().toISOString(),
): Promise<void> {
  const doc = await db.news.findOne(id).exec();
  if (!doc) throw new Error(`article ${id} is not on this device`);
  await doc.incrementalModify((old) => ({ ...old, ...form, updated_at: now }));
}

/** Deletes an article; the deletion syncs like any write. */
export async function deleteNews(db: DeviceDatabase, id: string): Promise<void> {
  const doc = await db.news.findOne(id).exec();
  if (!doc) throw new Error(`article ${id} is not on this device`);
  await doc.incrementalRemove();
}
