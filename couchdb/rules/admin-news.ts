/**
 * The article list of /admin/news (product §2 "Admin news"): the search over title and summary, the
 * category and status filters.
 */
import type { NewsCategory, NewsStatus } from '../model/news-facts';
import { matchesKeyword } from './keyword-search';

export interface AdminNewsFilter {
  keyword: string;
  /** '' for every category. */
  category: '' | NewsCategory;
  /** '' for every status. */
  status: '' | NewsStatus;
}

export const DEFAULT_ADMIN_NEWS_FILTER: AdminNewsFilter = { keyword: '', category: '', status: '' };

/** The articles the filter keeps, in the order given. */
export function filterAdminNews<
  T extends { title: string; summary?: string; category: NewsCategory; status: NewsStatus },
>(articles: readonly T[], filter: AdminNewsFilter): T[] {
  return articles.filter(
    (a) =>
      (!filter.category || a.category === filter.category) &&
      (!filter.status || a.status === filter.status) &&
      matchesKeyword(filter.keyword, a.title, a.summary),
  );
}
