/**
 * A list's states before its rows (client/components/list-state.tsx), as the admin lists, 我的需求
 * and 我的房源 show them: the read failed, still loading, nothing to show, or the rows.
 */
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import { ListState } from '@client/components/list-state';
import { textOf } from '../../../helpers/html-text';

const noop = () => undefined;

const skeletons = (html: string) => html.match(/<span class="MuiSkeleton-root/g)?.length ?? 0;

function render(props: Partial<Parameters<typeof ListState<string>>[0]>) {
  const html = renderToString(
    createElement(ListState<string>, {
      rows: undefined,
      skeleton: { height: 150 },
      empty: { title: '暂无房源' },
      children: (rows: readonly string[]) =>
        createElement(
          'ul',
          { 'data-testid': 'rows' },
          ...rows.map((r) => createElement('li', { key: r }, r)),
        ),
      ...props,
    }),
  );
  return { html, text: textOf(html) };
}

describe('a list’s state', () => {
  it('shows the failure with the hint to reload and the button, whatever the rows', () => {
    const failure = { message: '加载失败', onReload: noop };
    for (const rows of [undefined, ['a']]) {
      const { text } = render({ rows, failure });
      expect(text).toBe(`加载失败 ${GENERIC_MESSAGES.reloadHint} ${GENERIC_MESSAGES.reload}`);
    }
    expect(render({ failure: { ...failure, hint: '读取本机数据时出错' } }).text).toBe(
      `加载失败 读取本机数据时出错 ${GENERIC_MESSAGES.reload}`,
    );
  });

  it('shows placeholder cards while loading, and while an empty read has not settled', () => {
    const loading = render({ rows: undefined });
    expect(skeletons(loading.html)).toBe(2);
    expect(loading.html).toContain('height:150px');
    expect(loading.text).toBe('');
    expect(skeletons(render({ rows: [], settled: false }).html)).toBe(2);
    expect(skeletons(render({ rows: [], skeleton: { height: 300, count: 3 } }).html)).toBe(0);
  });

  it('lays the placeholders out as the rows will be when told', () => {
    const layout = (cards: ReactNode) => createElement('div', { 'data-testid': 'grid' }, cards);
    const { html } = render({ skeleton: { height: 300, count: 3, layout } });
    expect(html).toMatch(/data-testid="grid"/);
    expect(skeletons(html)).toBe(3);
  });

  it('shows the empty state once the read settled with nothing', () => {
    const { text, html } = render({
      rows: [],
      empty: { title: '暂无需求', description: '发布一条需求吧' },
    });
    expect(text).toBe('暂无需求 发布一条需求吧');
    expect(html).toContain('role="status"');
  });

  it('shows the rows and nothing else once there are some', () => {
    const { text, html } = render({
      rows: ['一', '二'],
      failure: { message: null, onReload: noop },
    });
    expect(html).toContain('data-testid="rows"');
    expect(text).toBe('一 二');
  });
});
