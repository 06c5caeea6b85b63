/**
 * News (admins only): the author and the counters are the gateway's, and the content is sanitised
 * with the article allow-list on every write.
 */
import { newsWriteSchema } from '@couchdb/model/news';
import { sanitizeArticleHtml } from '../../article-html';
import type { WritePolicy } from './policy';

export const newsPolicy: WritePolicy = {
  schema: newsWriteSchema,
  prepare: ({ viewer, operator, current, content, now }) => ({
    ok: true,
    next: {
      ...content,
      ...(typeof content.content === 'string'
        ? { content: sanitizeArticleHtml(content.content) }
        : {}),
      author_id: current?.author_id ?? viewer.id,
      author_name: current?.author_name ?? operator.name,
      view_count: current?.view_count ?? 0,
      like_count: current?.like_count ?? 0,
      created_at: current?.created_at ?? now,
      updated_at: now,
    },
  }),
};
