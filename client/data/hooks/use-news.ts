/** News queries for screens: the published list by category, one article. */
import { NEWS_FETCH_LIMIT } from '@couchdb/model/constants';
import type { NewsCategory } from '@couchdb/model/news-facts';
import type { NewsDoc } from '../schemas/news.schema';
import { useFirstScreenArticle } from '../reads/first-screen-document';
import { mapSource, useLiveQuery, type LiveResult } from './use-live-query';
import { useStandIn } from './use-stand-in';
import { useSyncSettled } from './use-sync-settled';

// Sorted here rather than in the query: created_at has no index, and the set is small.
export const newestFirst = (a: NewsDoc, b: NewsDoc) =>
  a.created_at === b.created_at
    ? a.id.localeCompare(b.id)
    : (a.created_at ?? '') < (b.created_at ?? '')
      ? 1
      : -1;

/** Published articles, newest first, at most 50 (product §7 news list), optionally of one category. */
export function usePublishedNews(
  category: NewsCategory | 'all' = 'all',
  limit: number = NEWS_FETCH_LIMIT,
): LiveResult<NewsDoc[]> {
  return useLiveQuery(`news:${category}:${limit}`, (db) =>
    mapSource(
      db.news.find({
        selector: {
          status: 'published',
          ...(category === 'all' ? {} : { category }),
        },
      }).$,
      (docs) =>
        docs
          .map((d) => d.toJSON() as NewsDoc)
          .sort(newestFirst)
          .slice(0, limit),
    ),
  );
}

/**
 * One article by id (null when the device does not hold it). On a visitor's first visit to an
 * article's page, the article the page came with stands in until the device holds its own copy or
 * its first sync of news is over.
 */
export function useNewsArticle(id: string | undefined): LiveResult<NewsDoc | null> {
  const live = useLiveQuery(`news-article:${id ?? ''}`, (db) =>
    mapSource(db.news.findOne(id ?? '').$, (doc) => (doc ? (doc.toJSON() as NewsDoc) : null)),
  );
  return useStandIn(
    `news-article:${id ?? ''}`,
    live,
    useFirstScreenArticle(id),
    useSyncSettled('news'),
    (db) =>
      db.news
        .findOne(id ?? '')
        .exec()
        .then((doc) => doc !== null),
  );
}
