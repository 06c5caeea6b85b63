/**
 * The one SVG chart of figures over time (client/components/trend-chart.tsx): the listing's 价格走势
 * and the 小区's 均价走势 as a line with their points listed, the agent's 每日趋势 as bars per day
 * with a legend. Rendered to HTML as the screens render them.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TrendChart } from '@client/components/trend-chart';
import { textOf } from '../../../helpers/html-text';

type Props = Parameters<typeof TrendChart>[0];

const render = (props: Props) => renderToString(createElement(TrendChart, props));
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);

describe('a price that holds until it changes (step)', () => {
  const html = render({
    title: '价格走势',
    series: [{ name: '价格', color: '#f53f3f' }],
    mark: 'step',
    testId: 'price-history',
    rowTestId: 'price-history-point',
    points: [
      { at: 0, values: [880_000], label: '2025-03-01', figure: '88.0万' },
      { at: 10, values: [850_000], label: '2025-03-11', figure: '85.0万' },
      { at: 30, values: [820_000], label: '2025-03-31', figure: '82.0万' },
    ],
  });

  it('names the image with every point, and draws a dot per point on a stepped line', () => {
    expect(html).toContain(
      'aria-label="价格走势：2025-03-01 88.0万，2025-03-11 85.0万，2025-03-31 82.0万"',
    );
    expect(all(html, /<circle[^>]*stroke="(#f53f3f)"/g)).toHaveLength(3);
    const d = html.match(/<path d="([^"]+)"/)![1]!;
    expect(d).toMatch(/^M10,16H/);
    expect(d).not.toContain('L');
    expect(html).not.toContain('<rect');
  });

  it('labels the axis at the first and last point and lists the points newest first', () => {
    expect(all(html, /<text[^>]*>([^<]+)<\/text>/g)).toEqual(['2025-03-01', '2025-03-31']);
    const rows = all(html, /data-testid="price-history-point"[^>]*>(.*?)<\/li>/gs).map((r) =>
      textOf(r!),
    );
    expect(rows).toEqual(['2025-03-31 82.0万', '2025-03-11 85.0万', '2025-03-01 88.0万']);
    // One series: no legend.
    expect(html).not.toContain('>价格</p>');
  });
});

describe('a monthly average (line) with a note per month', () => {
  it('draws straight segments and shows the note beside the month', () => {
    const html = render({
      title: '均价走势',
      series: [{ name: '均价', color: '#00ae66' }],
      mark: 'line',
      testId: 'unit-price-trend',
      rowTestId: 'unit-price-trend-month',
      points: [
        { at: 0, values: [9000], label: '2025-01', figure: '9,000元/㎡', note: '3套在售' },
        { at: 1, values: [9500], label: '2025-02', figure: '9,500元/㎡', note: '4套在售' },
      ],
    });
    expect(html.match(/<path d="([^"]+)"/)![1]).toMatch(/^M10,\d+(\.\d+)?L310,16$/);
    expect(textOf(html)).toContain('2025-02 4套在售 9,500元/㎡');
  });
});

describe('daily figures of several series (bars)', () => {
  const series = [
    { name: '链接访问', color: '#00ae66' },
    { name: '房源浏览', color: '#0288d1' },
    { name: '联系咨询', color: '#ed6c02' },
  ];
  const html = render({
    title: '近30天每日推广数据',
    series,
    mark: 'bars',
    testId: 'promotion-daily-chart',
    points: [
      { at: 0, values: [2, 1, 0], label: '2026-11-07', axisLabel: '11-07' },
      { at: 1, values: [4, 0, 1], label: '2026-11-08', axisLabel: '11-08' },
    ],
  });

  it('draws one bar per series and day, the tallest the full height, each with its tooltip', () => {
    const bars = [...html.matchAll(/<rect([^>]*)><title>([^<]*)<\/title><\/rect>/g)];
    expect(bars.map((b) => b[2])).toEqual([
      '2026-11-07 链接访问 2',
      '2026-11-07 房源浏览 1',
      '2026-11-07 联系咨询 0',
      '2026-11-08 链接访问 4',
      '2026-11-08 房源浏览 0',
      '2026-11-08 联系咨询 1',
    ]);
    const tallest = bars[3]![1]!;
    expect(tallest).toContain('y="0"');
    expect(tallest).toContain('height="180"');
    expect(tallest).toContain('fill="#00ae66"');
  });

  it('is named by its title, labels the axis with the short days and names the series', () => {
    expect(html).toContain('aria-label="近30天每日推广数据"');
    expect(all(html, /<text[^>]*>([^<]+)<\/text>/g)).toEqual(['11-07', '11-08']);
    expect(textOf(html)).toContain('链接访问 房源浏览 联系咨询');
    expect(html).not.toMatch(/<li[ >]/);
    expect(html).not.toContain('<circle');
  });
});
