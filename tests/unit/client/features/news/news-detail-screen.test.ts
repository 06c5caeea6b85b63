/**
 * An article's own page (product §2 /news/{id}) as its first screen renders it with the app's
 * components (client/ssr), the markup the page then hydrates: its date and views appear once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewsDoc } from '@client/data/schemas/news.schema';
import { prepareFirstScreens, renderFirstScreen } from '@client/ssr/render-first-screen';
import { buildNews } from '../../../../fixtures/builders';
import { textOf } from '../../../../helpers/html-text';

beforeAll(async () => {
  await prepareFirstScreens();
}, 60_000);

describe('an article’s page', () => {
  it('shows its category, author, date and views once each', () => {
    const created = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const article = buildNews({
      id: 'n-once',
      author_name: '李编辑',
      view_count: 37,
      like_count: 2,
      created_at: created,
    }) as unknown as NewsDoc;
    const empty = { documents: [], checkpoint: null };
    const { html } = renderFirstScreen('/news/n-once', empty, 390, {
      collection: 'news',
      doc: article,
    });
    const text = textOf(html);
    expect(text).toContain('市场动态');
    expect(text).toContain('作者： 李编辑 · 3天前 · 阅读 37');
    expect(text.match(/3天前/g)).toHaveLength(1);
    expect(text.match(/37/g)).toHaveLength(1);
    // Only the relative date the product shows (product §9), not the calendar date beside it.
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
