/**
 * The admin's article writes on the device (issue 14): a new article passes the device schema and
 * the model's write schema (what the gateway checks when it syncs); an edit keeps the author and
 * the counters; a delete removes it from the device's live set.
 */
import { createRxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { newsFormSchema, newsWriteSchema } from '@couchdb/model/news';
import { NEWS_MESSAGES } from '@couchdb/model/news-facts';
import { COLLECTION_SCHEMAS, type DeviceDatabase } from '@client/data/storage/database';
import { createNews, deleteNews, updateNews } from '@client/data/writes/news-mutations';

let db: DeviceDatabase | null = null;

async function openDatabase(): Promise<DeviceDatabase> {
  const rx = await createRxDatabase({
    name: `news-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
  });
  await rx.addCollections({ news: { schema: COLLECTION_SCHEMAS.news } });
  db = rx as unknown as DeviceDatabase;
  return db;
}

afterEach(async () => {
  await db?.close();
  db = null;
});

const form = newsFormSchema.parse({
  title: '  本月楼市观察 ',
  summary: '成交稳中有升',
  content: '<h2>要点</h2><p>成交量上升</p>',
  category: 'market',
  status: 'draft',
  image_url: '/media/cover.jpg',
});
const AUTHOR = { id: 'u-admin-1', name: '管理员甲' };

describe('news on the device', () => {
  it('writes a new article the gateway’s write schema accepts', async () => {
    const database = await openDatabase();
    const id = await createNews(database, AUTHOR, form, '2026-01-01T00:00:00.000Z');
    const doc = (await database.news.findOne(id).exec())!.toJSON();
    expect(newsWriteSchema.safeParse(doc).success).toBe(true);
    expect(doc).toMatchObject({
      title: '本月楼市观察',
      status: 'draft',
      author_id: AUTHOR.id,
      author_name: AUTHOR.name,
      view_count: 0,
      created_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('edits an article, keeping its author, counters and creation time', async () => {
    const database = await openDatabase();
    const id = await createNews(database, AUTHOR, form, '2026-01-01T00:00:00.000Z');
    await updateNews(
      database,
      id,
      { ...form, status: 'published', image_url: '' },
      '2026-01-02T00:00:00.000Z',
    );
    expect((await database.news.findOne(id).exec())!.toJSON()).toMatchObject({
      status: 'published',
      image_url: '',
      author_id: AUTHOR.id,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    });
    await expect(updateNews(database, 'missing', form)).rejects.toThrow();
  });

  it('deletes an article', async () => {
    const database = await openDatabase();
    const id = await createNews(database, AUTHOR, form);
    await deleteNews(database, id);
    expect(await database.news.findOne(id).exec()).toBeNull();
  });
});

describe('the news form', () => {
  it('asks for a title and content after trim (an empty editor counts as empty)', () => {
    for (const [title, content] of [
      ['   ', '<p>正文</p>'],
      ['标题', '<p></p>'],
      ['标题', '<p>  </p>'],
    ]) {
      const result = newsFormSchema.safeParse({ ...form, title, content });
      expect(result.error?.issues[0]?.message).toBe(NEWS_MESSAGES.titleAndContent);
    }
  });

  it('puts the message on the title when the title is missing, else on the whole form', () => {
    const paths = (title: string, content: string) =>
      newsFormSchema.safeParse({ ...form, title, content }).error?.issues.map((i) => i.path);
    expect(paths('   ', '<p>正文</p>')).toEqual([['title']]);
    expect(paths('   ', '<p></p>')).toEqual([['title']]);
    expect(paths('标题', '<p> </p>')).toEqual([[]]);
  });
});
