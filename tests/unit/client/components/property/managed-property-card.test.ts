/**
 * The one card of a listing in a list that manages it (client/components/property): the owner's
 * variant on 我的房源 and 管理, the admin's on 房源审核 and 房源管理, rendered to HTML as the
 * screens render them.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Property } from '@couchdb/model/property';
import { ManagedPropertyCard } from '@client/components/property/managed-property-card';
import { buildProperty } from '../../../../fixtures/builders';
import { textOf } from '../../../../helpers/html-text';

const noop = () => undefined;

/** The card as HTML and as the text in it. */
function render(card: Parameters<typeof ManagedPropertyCard>[0]) {
  const html = renderToString(
    createElement(MemoryRouter, null, createElement(ManagedPropertyCard, card)),
  );
  return { html, text: textOf(html) };
}

/** The labels of the card's buttons and links, in order. */
const buttons = (html: string) =>
  [...html.matchAll(/<(?:button|a)\b[^>]*>(.*?)<\/(?:button|a)>/gs)].map((m) => textOf(m[1]!));

describe('the owner’s variant', () => {
  it('shows the status, title, short address, price and area, with 查看, 编辑 and 删除', () => {
    const p = buildProperty({ id: 'p-own', audit_status: 'rejected', audit_comment: '照片不清晰' });
    const { html, text } = render({ variant: 'owner', property: p, onDelete: noop });
    expect(html).toContain('data-testid="own-property-card"');
    expect(html).toContain('data-property-id="p-own"');
    expect(text).toContain('已拒绝');
    expect(text).toContain('凤麓街道三室两厅精装房');
    expect(text).toContain('澄江市凤麓街道抚仙湖小区');
    expect(text).toContain('125.0万');
    expect(text).toContain('拒绝原因：照片不清晰');
    expect(text).not.toContain('发布人');
    expect(buttons(html)).toEqual(['查看', '编辑', '删除']);
    expect(html).toContain('href="/publish/property?edit=p-own"');
  });

  it('puts an extra action before 删除', () => {
    const p = buildProperty();
    const extraAction = createElement('button', { type: 'button' }, '生成海报');
    const { html } = render({ variant: 'owner', property: p, onDelete: noop, extraAction });
    expect(buttons(html)).toEqual(['查看', '编辑', '生成海报', '删除']);
  });
});

describe('the admin’s variant', () => {
  const pending = (overrides: Partial<Property> = {}) =>
    buildProperty({ id: 'p-adm', audit_status: 'pending', status: 'active', ...overrides });
  const actions = { onApprove: noop, onReject: noop, onDelete: noop, onLog: noop };

  it('shows the badges, the short address as the owner sees it, and the publisher', () => {
    const { html, text } = render({ variant: 'admin', property: pending(), actions });
    expect(html).toContain('data-testid="admin-property-card"');
    expect(text).toContain('待审核');
    expect(text).toContain('澄江市凤麓街道抚仙湖小区');
    expect(text).not.toContain('东大街12号');
    expect(text).toContain('发布人 张先生');
    expect(buttons(html)).toEqual(['查看', '日志', '编辑', '拒绝', '通过', '删除']);
  });

  it('offers a checkbox to select the listing when the list selects', () => {
    const { html } = render({
      variant: 'admin',
      property: pending(),
      selected: true,
      onSelect: noop,
      actions,
    });
    expect(html).toContain('aria-label="选择「凤麓街道三室两厅精装房」"');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
  });
});
