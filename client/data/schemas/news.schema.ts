/** The news collection: couchdb/model newsSchema plus server_rev. */
import type { RxJsonSchema } from 'rxdb';
import { TITLE_MAX, URL_MAX } from '@couchdb/model/common-facts';
import type { News } from '@couchdb/model/news';
import {
  NEWS_CATEGORIES,
  NEWS_CONTENT_MAX,
  NEWS_STATUSES,
  NEWS_SUMMARY_MAX,
} from '@couchdb/model/news-facts';
import {
  countField,
  enumField,
  idField,
  serverRevField,
  textField,
  timestampField,
} from './fields';

export type NewsDoc = News & { server_rev?: string };

export const newsSchema: RxJsonSchema<NewsDoc> = {
  title: 'news',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    server_rev: serverRevField,
    author_id: idField,
    author_name: textField(30),
    title: textField(TITLE_MAX),
    summary: textField(NEWS_SUMMARY_MAX),
    content: textField(NEWS_CONTENT_MAX),
    category: enumField(NEWS_CATEGORIES),
    status: enumField(NEWS_STATUSES),
    image_url: textField(URL_MAX),
    view_count: countField,
    like_count: countField,
    created_at: timestampField,
    updated_at: timestampField,
  },
  required: ['id'],
};
