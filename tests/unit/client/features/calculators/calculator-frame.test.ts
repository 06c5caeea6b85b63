/**
 * The calculators' one frame (房贷 and 税费): the way back, the title, the labelled form and the
 * result; the mortgage's wide layout and the tax's even one; the toggle row both forms use.
 * Rendered to HTML as the screens render them.
 */
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HOME_ORDER_LABELS } from '@couchdb/rules/mortgage';
import {
  CalculatorFrame,
  ChoiceField,
} from '@client/features/calculators/components/calculator-frame';

const inRouter = (node: ReactNode) => renderToString(createElement(MemoryRouter, null, node));

/** The CSS emotion wrote for the page, every rule in one string. */
const cssOf = (html: string) =>
  [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join('');

function frame(wide: boolean) {
  return inRouter(
    createElement(CalculatorFrame, {
      title: wide ? '房贷计算器' : '税费计算器',
      formLabel: wide ? '贷款信息' : '房屋信息',
      wide,
      form: createElement('input', { name: 'field' }),
      children: createElement('section', { 'data-testid': 'result' }, '结果'),
    }),
  );
}

describe('the calculator frame', () => {
  it.each([
    {
      wide: false,
      title: '税费计算器',
      form: '房屋信息',
      width: 'Md',
      columns: /repeat\(2, ?minmax\(0, ?1fr\)\)/,
    },
    {
      wide: true,
      title: '房贷计算器',
      form: '贷款信息',
      width: 'Lg',
      columns: /minmax\(320px, ?5fr\) minmax\(0, ?7fr\)/,
    },
  ])('wide=$wide: back link, title, labelled form and result side by side', (c) => {
    const html = frame(c.wide);
    expect(html).toMatch(/<button[^>]*>.*返回<\/button>/s);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${c.title}</h1>`));
    expect(html).toMatch(new RegExp(`<form[^>]*noValidate=""[^>]*aria-label="${c.form}"`));
    expect(html).toContain('<input name="field"/>');
    expect(html).toContain('data-testid="result"');
    expect(html).toContain(`MuiContainer-maxWidth${c.width}`);
    const css = cssOf(html);
    expect(css).toMatch(c.columns);
    // On a phone one column that never grows past the screen.
    expect(css).toMatch(/grid-template-columns:\s?minmax\(0, ?1fr\)/);
  });
});

describe('a choice among a few', () => {
  function Home({ value }: { value: string }) {
    const { control } = useForm({ defaultValues: { home: value } });
    return createElement(ChoiceField<{ home: string }>, {
      control,
      name: 'home',
      label: '买方购房',
      options: HOME_ORDER_LABELS,
    });
  }

  it('shows its label and one button per option, the chosen one pressed', () => {
    const html = inRouter(createElement(Home, { value: 'second' }));
    expect(html).toMatch(/role="group"[^>]*aria-label="买方购房"/);
    const pressed = [
      ...html.matchAll(/<button[^>]*aria-pressed="(true|false)"[^>]*>(.*?)<\/button>/gs),
    ].map((m) => [m[2]!.replace(/<[^>]+>/g, ''), m[1]]);
    expect(pressed).toEqual([
      [HOME_ORDER_LABELS.first, 'false'],
      [HOME_ORDER_LABELS.second, 'true'],
    ]);
  });
});
