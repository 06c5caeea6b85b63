/**
 * Every screen of the route table meets WCAG 2.2 AA as axe checks it (issue 66): each route, for
 * each role that can open it (a visitor, an ordinary user, an agent, an admin: the demo accounts),
 * on a phone (390 px) and a laptop (1280 px), and the open states people meet: the 电话咨询 dialog,
 * a confirm dialog, the photo viewer, the 360° overlay and a form showing its errors. One browser
 * at a time, signed in once per role; each screen is checked once its real content shows.
 * Real Chromium against the real gateway (embedded store, demo data). Run `npm run build` first.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { matchPath, type RouteObject } from 'react-router';
import { beforeAll, expect, it } from 'vitest';
import { findCourse } from '@couchdb/model/training-content';
import type { News } from '@couchdb/model/news';
import type { Property } from '@couchdb/model/property';
import { routes, signedInRoutes } from '@client/app/router';
import { explainFailure, UI_WAIT, type Viewport } from '../helpers/browser';
import { serverDocs } from '../helpers/sync-api';
import { publishApproved } from './pages/browse-fixtures';
import { Layout } from './pages/layout';
import { PropertyDetailPage } from './pages/property-detail-page';
import { useWorld, type DemoRole } from './world';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what the product promises. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's best-practice rules that Lighthouse's accessibility score counts as well: one main
 * landmark, headings that skip no level, and the like.
 */
const LIGHTHOUSE_RULES = [
  'heading-order',
  'landmark-one-main',
  'skip-link',
  'tabindex',
  'image-redundant-alt',
  'table-duplicate-name',
];

const WIDTHS = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
} as const satisfies Record<string, Viewport>;

type Role = 'visitor' | DemoRole;

/** A hosted 360° tour, answered by the browser (the CSP allows https frames only). */
const PANORAMA_URL = 'https://pano.a11y.test/tour';

const world = useWorld({ accounts: ['agent', 'admin'] });

const ids = { listing: '', panorama: '', article: '', community: '' };

beforeAll(async () => {
  const listings = [...(await serverDocs<Property>(world.url, null, 'properties')).values()];
  const withPhotos = listings.find((p) => p.images.length > 1 && p.address.community)!;
  ids.listing = withPhotos.id;
  ids.community = withPhotos.address.community;
  ids.article = [...(await serverDocs<News>(world.url, null, 'news')).values()][0]!.id;
  ids.panorama = await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
    title: '无障碍测试 带全景的房源',
    panorama_url: PANORAMA_URL,
    images: withPhotos.images,
  });
});

interface Screen {
  path: () => string;
  /** Who opens it (a signed-in screen's visitor is sent to /login, checked there). */
  roles: readonly Role[];
  /** What shows once the screen's real content is there (beyond its h1). */
  ready?: (page: Page) => Promise<void>;
}

const EVERYONE: readonly Role[] = ['visitor', 'user', 'agent', 'admin'];
const SIGNED_IN: readonly Role[] = ['user', 'agent', 'admin'];

const SCREENS: Screen[] = [
  { path: () => '/', roles: EVERYONE },
  { path: () => '/properties', roles: EVERYONE },
  { path: () => `/properties/${ids.listing}`, roles: EVERYONE },
  { path: () => '/areas', roles: EVERYONE },
  { path: () => '/map', roles: EVERYONE },
  { path: () => `/communities/${encodeURIComponent(ids.community)}`, roles: EVERYONE },
  { path: () => '/news', roles: EVERYONE },
  { path: () => `/news/${ids.article}`, roles: EVERYONE },
  { path: () => '/join-us', roles: EVERYONE },
  { path: () => '/help', roles: EVERYONE },
  { path: () => '/tools/mortgage', roles: EVERYONE },
  { path: () => '/tools/tax', roles: EVERYONE },
  { path: () => '/no-such-page', roles: EVERYONE },
  // Signed in, 登录 and 注册 send a user on to /profile; the login check shows its status.
  { path: () => '/login', roles: ['visitor'] },
  { path: () => '/register', roles: ['visitor'] },
  { path: () => '/login-test', roles: EVERYONE },
  { path: () => '/profile', roles: SIGNED_IN },
  { path: () => '/recent', roles: SIGNED_IN },
  { path: () => '/my-demands', roles: SIGNED_IN },
  { path: () => '/my-reports', roles: SIGNED_IN },
  { path: () => '/my-properties', roles: SIGNED_IN },
  { path: () => '/favorites', roles: SIGNED_IN },
  { path: () => '/messages', roles: SIGNED_IN },
  { path: () => '/publish/property', roles: SIGNED_IN },
  { path: () => '/publish/demand', roles: SIGNED_IN },
  { path: () => '/manage', roles: SIGNED_IN },
  { path: () => '/qr-code', roles: SIGNED_IN },
  // 访问受限: an ordinary user on an agent's and an admin's page
  { path: () => '/tools', roles: ['user', 'agent'] },
  { path: () => '/training', roles: ['agent'] },
  { path: () => `/training/${findCourse('resale-process')!.id}`, roles: ['agent'] },
  { path: () => '/tools/promotion', roles: ['agent'] },
  { path: () => '/tools/listings', roles: ['agent'] },
  { path: () => '/tools/share-list', roles: ['agent'] },
  { path: () => '/admin', roles: ['user', 'admin'] },
  { path: () => '/admin/audit', roles: ['admin'] },
  { path: () => '/admin/settings', roles: ['admin'] },
  { path: () => '/admin/users', roles: ['admin'] },
  { path: () => '/admin/properties', roles: ['admin'] },
  { path: () => '/admin/news', roles: ['admin'] },
  { path: () => '/admin/demands', roles: ['admin'] },
];

/** Every path of a route table, as its patterns, e.g. '/properties/:id' and '/*'. */
function routePaths(table: RouteObject[], base = ''): string[] {
  return table.flatMap((route) => {
    const path = route.path ? `${base}/${route.path}`.replace(/\/+/g, '/') : base;
    return [
      ...(route.path || route.index ? [path || '/'] : []),
      ...routePaths(route.children ?? [], path),
    ];
  });
}

/** One axe finding, with where it was found. */
interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
  /** The element's markup, shortened. */
  html: string;
  summary: string;
}

/**
 * Runs axe on what the page shows now; returns its violations as findings at `where`. axe runs in
 * the page itself, with the page's own frames; `otherSites` takes it into frames from other sites
 * too (the hosted 360° tour), which needs a blank page of its own to join the results in and costs
 * several times as long.
 */
async function check(page: Page, where: string, { otherSites = false } = {}): Promise<Finding[]> {
  const rules = Object.fromEntries(LIGHTHOUSE_RULES.map((id) => [id, { enabled: true }]));
  const results = await new AxeBuilder({ page })
    .options({ rules, resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(!otherSites)
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((node) => ({
      where,
      rule: v.id,
      impact: node.impact ?? v.impact ?? '',
      targets: node.target.map(String),
      html: node.html.slice(0, 160),
      summary: node.failureSummary?.split('\n').slice(0, 3).join(' ') ?? v.help,
    })),
  );
}

/**
 * Waits until the screen at `path` shows its real content: a heading, nothing of it still loading
 * (no spinner, no skeleton), and what the screen names as its own.
 */
async function waitForScreen(page: Page, screen: Screen, where: string): Promise<void> {
  await explainFailure(page, `a11y-${where.replace(/\W+/g, '-')}`, async () => {
    await page.locator('#root :is(h1, h2, h3)').first().waitFor(UI_WAIT);
    await page
      .locator('main [role="progressbar"]:not([aria-valuenow]), main .MuiSkeleton-root')
      .first()
      .waitFor({ state: 'detached', ...UI_WAIT });
    await screen.ready?.(page);
  });
}

/**
 * Waits until the page has laid itself out for the width it was resized to: the app's media
 * queries answer on the resize and React renders the other layout, and whatever that layout
 * brings in by a transition has finished it (colours read mid-fade are blends).
 */
async function waitForResize(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width, UI_WAIT);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await new Layout(page).animationsFinished();
}

/**
 * Opens each screen the role may open and checks it at both widths: loaded once, at one width,
 * then resized to the other (every other screen loads at the laptop's width first), as a page
 * answers a rotated phone or a resized window. One load a screen, not one a width, keeps the file
 * within its time. Returns every finding.
 */
async function checkScreens(page: Page, role: Role): Promise<Finding[]> {
  const findings: Finding[] = [];
  const widths = Object.entries(WIDTHS);
  for (const [i, screen] of SCREENS.filter((s) => s.roles.includes(role)).entries()) {
    const order = i % 2 === 0 ? widths : [...widths].reverse();
    for (const [j, [width, viewport]] of order.entries()) {
      const where = `${screen.path()} as ${role} at ${width}`;
      if (j === 0) {
        await page.setViewportSize(viewport);
        await page.goto(`${world.url}${screen.path()}`);
      } else {
        await waitForResize(page, viewport);
      }
      await waitForScreen(page, screen, where);
      findings.push(...(await check(page, where)));
    }
  }
  return findings;
}

/** The findings as lines a reader can act on: rule, impact, where, and the elements. */
function report(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.rule} (${f.impact}) on ${f.where}: ${f.targets.join(' | ')} ${f.html} — ${f.summary}`,
    )
    .join('\n');
}

async function openFor(role: Role): Promise<Page> {
  const browser = await world.launch();
  // The 360° tour's host, answered by the browser.
  await browser.context.route('https://pano.a11y.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="zh-CN"><title>全景</title><body>360° 全景演示</body></html>',
    }),
  );
  if (role === 'visitor') return browser.openPage(`${world.url}/`, WIDTHS.phone);
  return world.signedIn(browser, role, { viewport: WIDTHS.phone });
}

/**
 * Opens a dialog with `opener` (a click, as a tap would), checks the page with it open, closes it
 * with Escape and checks that the keyboard's focus went back to what opened it.
 */
async function checkDialog(
  page: Page,
  where: string,
  opener: Locator,
  dialog: Locator,
  options: { otherSites?: boolean } = {},
): Promise<Finding[]> {
  await opener.click();
  await dialog.waitFor(UI_WAIT);
  // Focus moved into the dialog (a keyboard or screen-reader user is in it, not behind it): MUI's
  // modal puts it on the dialog's container, around the dialog itself.
  await expect
    .poll(
      () =>
        dialog.evaluate((el) =>
          (el.closest('.MuiModal-root') ?? el).contains(document.activeElement),
        ),
      UI_WAIT,
    )
    .toBe(true);
  // Its opening transition over: colours read mid-fade are blends with the backdrop.
  await expect
    .poll(
      () =>
        dialog.evaluate((el) => {
          for (let node: Element | null = el; node; node = node.parentElement) {
            if (getComputedStyle(node).opacity !== '1') return false;
          }
          return true;
        }),
      UI_WAIT,
    )
    .toBe(true);
  const findings = await check(page, where, options);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', ...UI_WAIT });
  await expect
    .poll(() => opener.evaluate((el) => el === document.activeElement), UI_WAIT)
    .toBe(true);
  return findings;
}

/**
 * Submits `form` empty and checks the page showing its errors: the first invalid field has the
 * focus, marked invalid, with its error as its description (what a screen reader reads out).
 */
async function checkFormErrors(page: Page, where: string, submit: Locator): Promise<Finding[]> {
  await submit.click();
  await page.locator('.MuiFormHelperText-root.Mui-error').first().waitFor(UI_WAIT);
  const focused = await page.evaluate(() => {
    const el = document.activeElement!;
    const described = (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    return { invalid: el.getAttribute('aria-invalid'), described };
  });
  expect(focused.invalid, where).toBe('true');
  expect(focused.described.trim(), where).not.toBe('');
  return check(page, where);
}

/** The open states each role meets, checked at phone width. */
const OPEN_STATES: Record<Role, ((page: Page) => Promise<Finding[]>)[]> = {
  visitor: [
    async (page) => {
      await page.goto(`${world.url}/login`);
      return checkFormErrors(
        page,
        '/login with its errors as visitor',
        page.getByRole('button', { name: '登录', exact: true }),
      );
    },
    async (page) => {
      await page.goto(`${world.url}/register`);
      return checkFormErrors(
        page,
        '/register with its errors as visitor',
        page.getByRole('button', { name: '注册', exact: true }),
      );
    },
    async (page) => {
      await page.goto(`${world.url}/properties/${ids.listing}`);
      return checkDialog(
        page,
        'the photo viewer as visitor',
        page.getByTestId('open-photo-viewer'),
        page.getByRole('dialog', { name: '房源大图' }),
      );
    },
    async (page) => {
      await page.goto(`${world.url}/properties/${ids.panorama}`);
      const detail = new PropertyDetailPage(page);
      return checkDialog(
        page,
        'the 360° overlay as visitor',
        detail.panoramaButton,
        detail.panorama,
        { otherSites: true },
      );
    },
  ],
  user: [
    async (page) => {
      await page.goto(`${world.url}/properties/${ids.listing}`);
      const detail = new PropertyDetailPage(page);
      return checkDialog(
        page,
        'the 电话咨询 dialog as user',
        detail.phoneButton,
        detail.contactDialog,
      );
    },
    async (page) => {
      await page.goto(`${world.url}/publish/property`);
      return checkFormErrors(
        page,
        '/publish/property with its errors as user',
        page.getByRole('button', { name: /下一步|提交/ }).first(),
      );
    },
  ],
  agent: [],
  admin: [
    async (page) => {
      await page.goto(`${world.url}/admin/news`);
      return checkDialog(
        page,
        'a confirm dialog (删除资讯) as admin',
        page.getByRole('button', { name: '删除', exact: true }).first(),
        page.getByRole('dialog', { name: '删除资讯' }),
      );
    },
  ],
};

it('has a screen here for every route of the app’s route table', () => {
  // The screens that need an account are matched below the layout's catch-all route.
  const paths = [...routePaths(routes), ...routePaths(signedInRoutes)];
  const unchecked = paths.filter(
    (path) => !SCREENS.some((screen) => matchPath(path, screen.path().split('?')[0]!)),
  );
  expect(unchecked).toEqual([]);
});

it.each(['visitor', 'user', 'agent', 'admin'] as const)(
  'finds no WCAG 2.2 AA violation on any screen a %s opens, phone and laptop',
  async (role) => {
    const page = await openFor(role);
    const findings = await checkScreens(page, role);
    await page.setViewportSize(WIDTHS.phone);
    for (const open of OPEN_STATES[role]) findings.push(...(await open(page)));
    expect(report(findings)).toBe('');
  },
  600_000,
);
