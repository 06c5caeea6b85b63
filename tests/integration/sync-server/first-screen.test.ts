/**
 * A first visit's home, listing list, a listing's and an article's own page come with the first screen in the HTML and the visitor's
 * first listing pull beside it (sync-server/first-screen.ts), rendered by the real gateway from the
 * real store; signed-in browsers, other paths and a failed render get the plain shell.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import { FEATURED_LIMIT, PAGE_SIZE } from '../../../couchdb/model/constants';
import { promotionQuery } from '../../../couchdb/model/promotion-facts';
import { SESSION_HINT_COOKIE } from '../../../couchdb/model/session-cookies';
import { FIRST_SCREEN_CSS_ATTRIBUTE } from '../../../client/app/first-screen-css';
import { SCREEN_WIDTH_COOKIE } from '../../../client/app/screen-width';
import { EARLY_TAPS_SCRIPT } from '../../../client/ssr/early-taps-script';
import {
  FIRST_PULL_ELEMENT,
  FIRST_PULL_URL,
  PULL_LIMIT_MAX,
  type CarriedFirstPull,
  type PullResponse,
} from '../../../couchdb/model/sync';
import { buildNews, buildProperty } from '../../fixtures/builders';
import { builtShell, shellFolder } from '../../helpers/built-shell';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const LAPTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const SHELL = builtShell(
  { build1: 'color:red', build2: 'color:blue' },
  '<link rel="modulepreload" crossorigin href="/assets/react-abc.js">\n',
);

/** The build manifest's part the gateway reads: which chunks each first screen needs. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_react-abc.js'] },
  '_react-abc.js': { file: 'assets/react-abc.js' },
  '_card-abc.js': { file: 'assets/card-abc.js', imports: ['_react-abc.js'] },
  '_router-abc.js': { file: 'assets/router-abc.js' },
  // The app's evaluation steps and its mount (client/main.tsx): preloaded on every rendered page.
  'app/load-steps/router.ts': { file: 'assets/step-abc.js', imports: ['_router-abc.js'] },
  'app/mount-app.tsx': { file: 'assets/mount-abc.js', imports: ['_router-abc.js', '_card-abc.js'] },
  'features/home/home-screen.tsx': {
    file: 'assets/home-abc.js',
    imports: ['_card-abc.js', '_react-abc.js'],
  },
  'features/properties/property-list-screen.tsx': {
    file: 'assets/list-abc.js',
    imports: ['_card-abc.js'],
  },
  'features/properties/property-detail-screen.tsx': { file: 'assets/detail-abc.js' },
};

let gw: TestGateway;
let shellDir: string;
let brokenGw: TestGateway;
let brokenDir: string;
const publicTitle = '抚仙湖畔 两室一厅 拎包入住';
const pendingTitle = '尚未审核的房源 不应出现';

/** Writes a listing straight into the store, as once public. */
async function storeListing(overrides: Parameters<typeof buildProperty>[0]) {
  const { owner: _o, id, ...doc } = buildProperty({ id: newId(), ...overrides });
  await gw.store.db('properties').insert({ _id: id, ...doc, ever_public: true });
  await gw.feedCaughtUp(); // a visitor's page reads the gateway's copy of the feed
}

beforeAll(async () => {
  shellDir = await shellFolder(SHELL, MANIFEST);
  brokenDir = await mkdtemp(path.join(tmpdir(), 'cj-shell-'));
  await writeFile(path.join(brokenDir, 'index.html'), '<!doctype html><div id="root"></div>');
  gw = await startTestGateway({ staticDir: shellDir });
  brokenGw = await startTestGateway({ staticDir: brokenDir });
  const owner = await gw.createUser('user', '房东');
  const user_id = owner.user.id;
  await storeListing({ user_id, title: publicTitle, audit_status: 'approved', is_featured: true });
  await storeListing({ user_id, title: pendingTitle, audit_status: 'pending' });
});

afterAll(async () => {
  await gw?.cleanup();
  await brokenGw?.cleanup();
  await rm(shellDir, { recursive: true, force: true });
  await rm(brokenDir, { recursive: true, force: true });
});

/** The rendered markup inside #root (not the carried pull). */
function firstScreen(html: string): string {
  return html.slice(
    html.indexOf('<div id="root" data-ssr'),
    html.indexOf(`id="${FIRST_PULL_ELEMENT}"`),
  );
}

/** The JSON the page carries for its first pull. */
function carriedPull(html: string): PullResponse {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_PULL_ELEMENT}">([\\s\\S]*?)</script>`,
  ).exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as PullResponse;
}

describe('first screens for a first visit', () => {
  it('renders home with the public listings and carries the same first pull a visitor would get', async () => {
    const home = () =>
      request(gw.app).get('/').set('User-Agent', PHONE_UA).set('Accept', 'text/html');
    // The listings were just written to the store: the render may come from the change feed's
    // copy a moment before it has them, so compare once both answers show the same moment.
    let res = await home();
    let apiPull = await request(gw.app).get(FIRST_PULL_URL);
    await expect
      .poll(
        async () => {
          res = await home();
          apiPull = await request(gw.app).get(FIRST_PULL_URL);
          return isDeepStrictEqual(carriedPull(res.text), apiPull.body);
        },
        { timeout: 5_000 },
      )
      .toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // Rendered for a phone (its user agent), and the page told so: it hydrates at that width.
    expect(res.text).toContain('<div id="root" data-ssr data-screen-width="390">');
    expect(res.text).not.toContain('boot-shell');
    const markup = firstScreen(res.text);
    expect(markup).toContain('推荐房源');
    expect(markup).toContain(publicTitle);
    expect(markup).toContain('data-testid="property-card"');
    expect(res.text).not.toContain(pendingTitle);
    // Nothing left for the page to render again (a lazy part the server could not finish).
    expect(markup).not.toContain('<template');

    expect(carriedPull(res.text)).toEqual(apiPull.body);
    // The early script does not fetch it again, and the app's code loads after the first paint.
    expect(res.text).toContain(`<meta name="${FIRST_PULL_ELEMENT}" content="">`);
    expect(res.text).toContain(
      // The entry's modules, the app's steps and mount, then the home screen's own chunks (the
      // entry need not insert them), each once.
      '<script src="/after-first-paint.js" data-entry="/assets/index-abc.js" data-preload="/assets/react-abc.js /assets/step-abc.js /assets/router-abc.js /assets/mount-abc.js /assets/card-abc.js /assets/home-abc.js" defer></script>',
    );
    expect(res.text).not.toContain('<script type="module"');
    expect(res.text).not.toContain('rel="modulepreload"');
    // Only the rules this markup uses (not the build's block for every first screen).
    expect(res.text).not.toContain('css-build1');
    const ids = new Set(
      new RegExp(`<style ${FIRST_SCREEN_CSS_ATTRIBUTE}="([^"]+)">`).exec(res.text)![1]!.split(' '),
    );
    const used = new Set(
      [...markup.matchAll(/class="([^"]*)"/g)].flatMap(([, c]) => c!.split(' ')),
    );
    const emotionClasses = [...used].filter((c) => c.startsWith('css-'));
    expect(emotionClasses.length).toBeGreaterThan(20);
    for (const c of emotionClasses) expect(ids).toContain(c.slice('css-'.length));
    // And no rules of a class the markup does not use.
    const block = new RegExp(`<style ${FIRST_SCREEN_CSS_ATTRIBUTE}="[^"]+">([^<]*)</style>`).exec(
      res.text,
    )![1]!;
    const ruleClasses = new Set([...block.matchAll(/\.(css-[\w-]+)\{/g)].map(([, c]) => c!));
    expect(ruleClasses.size).toBeGreaterThan(20);
    for (const c of ruleClasses) expect(used).toContain(c);
    // The classes emotion merged into others (a Button's into its ButtonBase's…) are listed with
    // no rules: on no element, and the page need not compile and insert them as it hydrates.
    const merged = [...ids].filter((id) => !ruleClasses.has(`css-${id}`) && !used.has(`css-${id}`));
    expect(merged.length).toBeGreaterThan(5);
  });

  it('renders the listing list with the filter in the URL, at a laptop’s width', async () => {
    const res = await request(gw.app)
      .get('/properties?type=rent')
      .set('User-Agent', LAPTOP_UA)
      .set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root" data-ssr data-screen-width="1366">');
    expect(firstScreen(res.text)).toContain('房源列表');
    // The only public listing is for sale: the rent filter finds none.
    expect(firstScreen(res.text)).not.toContain(publicTitle);
    expect(firstScreen(res.text)).not.toContain('<template');
    expect(res.text).toContain(
      'data-preload="/assets/react-abc.js /assets/step-abc.js /assets/router-abc.js /assets/mount-abc.js /assets/card-abc.js /assets/list-abc.js"',
    );
    const all = await request(gw.app).get('/properties').set('Accept', 'text/html');
    expect(firstScreen(all.text)).toContain(publicTitle);
    expect(all.text).toMatch(/共找到\s*(<!-- -->)?\s*<span[^>]*>1<\/span>/);
  });

  it('renders at the width the page remembered in its cookie, whatever the user agent says', async () => {
    const widthAt = async (cookie: string, userAgent: string) => {
      const res = await request(gw.app)
        .get('/properties')
        .set('User-Agent', userAgent)
        .set('Cookie', cookie)
        .set('Accept', 'text/html');
      return /data-screen-width="(\d+)"/.exec(res.text)?.[1];
    };
    // One width a breakpoint band: a phone's, a small tablet's (sm), a tablet's (md), a laptop's.
    expect(await widthAt(`${SCREEN_WIDTH_COOKIE}=412`, LAPTOP_UA)).toBe('390');
    expect(await widthAt(`${SCREEN_WIDTH_COOKIE}=820`, PHONE_UA)).toBe('600');
    expect(await widthAt(`other=1; ${SCREEN_WIDTH_COOKIE}=1024`, PHONE_UA)).toBe('900');
    expect(await widthAt(`${SCREEN_WIDTH_COOKIE}=1920`, PHONE_UA)).toBe('1366');
    // No cookie (or a broken one): the user agent or the mobile client hint tells.
    expect(await widthAt(`${SCREEN_WIDTH_COOKIE}=wide`, PHONE_UA)).toBe('390');
    expect(await widthAt('', LAPTOP_UA)).toBe('1366');
    const hinted = await request(gw.app)
      .get('/')
      .set('User-Agent', LAPTOP_UA)
      .set('Sec-CH-UA-Mobile', '?1')
      .set('Accept', 'text/html');
    expect(hinted.text).toContain('data-screen-width="390"');
  });

  it('shows a listing published since the last render (rendered pages follow the listings)', async () => {
    const before = await request(gw.app)
      .get('/')
      .set('User-Agent', PHONE_UA)
      .set('Accept', 'text/html');
    const title = '新上架 湖景三房 即刻看房';
    expect(firstScreen(before.text)).not.toContain(title);
    await storeListing({
      title,
      audit_status: 'approved',
      is_featured: true,
      created_at: new Date().toISOString(),
    });
    await expect
      .poll(
        async () =>
          firstScreen(
            (await request(gw.app).get('/').set('User-Agent', PHONE_UA).set('Accept', 'text/html'))
              .text,
          ),
        { timeout: 10_000 },
      )
      .toContain(title);
  });

  it('renders a listing’s own page for a shared link, with its title, description and cover photo for link previews', async () => {
    const id = newId();
    const cover = {
      id: newId(),
      url: '/media/p/cover.jpg',
      thumbnail_url: '/media/p/cover-thumb.jpg',
    };
    await storeListing({
      id,
      title: '湖景三房 "分享" <测试>',
      description: '南北通透，\n采光好，近抚仙湖。',
      location: { latitude: 24.671234, longitude: 102.912345, accuracy_m: 12, public_exact: false },
      images: [
        {
          id: newId(),
          url: '/media/p/2.jpg',
          thumbnail_url: '/media/p/2-t.jpg',
          is_cover: false,
          sort_order: 0,
        },
        { ...cover, is_cover: true, sort_order: 1 },
      ],
    });
    const res = await request(gw.app)
      .get(`/properties/${id}`)
      .set('Host', 'fang.example.cn')
      .set('User-Agent', PHONE_UA)
      .set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root" data-ssr data-screen-width="390">');
    expect(res.text).toContain(
      'data-preload="/assets/react-abc.js /assets/step-abc.js /assets/router-abc.js /assets/mount-abc.js /assets/card-abc.js /assets/detail-abc.js"',
    );
    const title = '湖景三房 &quot;分享&quot; &lt;测试&gt; - 澄江房产';
    const description =
      '出售 · 125.0万 · 3室2厅1卫 · 89㎡ · 澄江市凤麓街道抚仙湖小区。南北通透， 采光好，近抚仙湖。';
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).toContain(`<title>${title}</title>`);
    expect(head).toContain(`<meta property="og:title" content="${title}">`);
    expect(head).toContain(`<meta name="description" content="${description}">`);
    expect(head).toContain(`<meta property="og:description" content="${description}">`);
    expect(head).toContain(
      '<meta property="og:image" content="http://fang.example.cn/media/p/cover.jpg">',
    );
    expect(head).toContain(
      `<meta property="og:url" content="http://fang.example.cn/properties/${id}">`,
    );
    // One description: the shell's own is replaced.
    expect(head.match(/name="description"/g)).toHaveLength(1);
    // The page itself is there (not a skeleton), and the listing is carried for hydration, as a
    // visitor's device would get it: without its phone numbers.
    const markup = firstScreen(res.text);
    expect(markup).toContain('南北通透');
    expect(markup).toContain('电话咨询');
    expect(markup).not.toContain('<template');
    expect(res.text).toContain('id="cj-first-screen-document"');
    expect(res.text).not.toContain('13812345678');
    // and its location only on the public grid, never the exact point.
    expect(res.text).toContain('"latitude":24.671,"longitude":102.912');
    expect(res.text).not.toMatch(/24\.6712|102\.9123/);
    // No list pull carried on a listing's page.
    expect(res.text).not.toContain(`id="${FIRST_PULL_ELEMENT}"`);
  });

  it('names the agent of a promotion link in the 联系人 card, as their account says, and carries them', async () => {
    const id = newId();
    await storeListing({
      id,
      title: '推广链接房源',
      contact: { name: '房东老李', phone: '13912345678' },
    });
    const agent = (await gw.createUser('agent', '推广经纪人')).user;
    const notAgent = (await gw.createUser('user', '普通用户')).user;
    const open = (promoter: { id: string; name: string; phone: string }) =>
      request(gw.app)
        .get(`/properties/${id}?${promotionQuery(promoter)}`)
        .set('User-Agent', PHONE_UA)
        .set('Accept', 'text/html');
    const cardName = (html: string) =>
      /data-testid="contact-card-name"[^>]*>([^<]*)</.exec(html)?.[1];

    // The link's own name (edited) gives way to the account's.
    const res = await open({ ...agent, name: '改过的名字' });
    expect(res.status).toBe(200);
    expect(cardName(res.text)).toBe('推广经纪人');
    expect(res.text).not.toContain('改过的名字');
    const carried = /id="cj-first-screen-document">([\s\S]*?)<\/script>/.exec(res.text);
    expect(JSON.parse(carried![1]!).promotion).toEqual({
      id: agent.id,
      name: '推广经纪人',
      phone: agent.phone,
    });

    // A promoter who is not an agent, and no promotion at all: the listing's own contact.
    for (const page of [
      await open(notAgent),
      await request(gw.app).get(`/properties/${id}`).set('Accept', 'text/html'),
    ]) {
      expect(cardName(page.text)).toBe('房东老李');
      expect(page.text).not.toContain('"promotion"');
    }
  });

  it('serves the plain shell for a listing a visitor may not see, or one that does not exist', async () => {
    const id = newId();
    await storeListing({ id, title: pendingTitle, audit_status: 'pending' });
    for (const path of [`/properties/${id}`, '/properties/nope']) {
      const res = await request(gw.app).get(path).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('boot-shell');
      expect(res.text).not.toContain(pendingTitle);
      expect(res.text).toContain('<title>澄江房产</title>');
    }
  });

  it('renders an article’s own page (a shared link) with its preview tags and its stored HTML', async () => {
    const id = newId();
    const { id: _id, ...article } = buildNews({
      id,
      title: '澄江楼市 "五月" 观察',
      summary: '',
      content:
        '<h2>成交</h2><p>本月成交 &amp; 挂牌<strong>稳中有升</strong>，详见<a href="https://example.cn/r" title="报告">报告</a>。</p>',
      image_url: '/media/n/cover.jpg',
    });
    await gw.store.db('news').insert({ _id: id, ...article, ever_published: true });
    const res = await request(gw.app)
      .get(`/news/${id}`)
      .set('Host', 'fang.example.cn')
      .set('User-Agent', LAPTOP_UA)
      .set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root" data-ssr data-screen-width="1366">');
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    const title = '澄江楼市 &quot;五月&quot; 观察 - 澄江房产';
    // No summary: the description is the start of the article's text.
    const description = '成交 本月成交 &amp; 挂牌 稳中有升 ，详见 报告 。';
    expect(head).toContain(`<title>${title}</title>`);
    expect(head).toContain(`<meta property="og:title" content="${title}">`);
    expect(head).toContain(`<meta name="description" content="${description}">`);
    expect(head).toContain(`<meta property="og:description" content="${description}">`);
    expect(head).toContain(
      '<meta property="og:image" content="http://fang.example.cn/media/n/cover.jpg">',
    );
    expect(head).toContain(`<meta property="og:url" content="http://fang.example.cn/news/${id}">`);
    // The stored (already sanitised) HTML as the reader shows it: links open in a new tab.
    const markup = firstScreen(res.text);
    expect(markup).toContain(
      '<p>本月成交 &amp; 挂牌<strong>稳中有升</strong>，详见<a href="https://example.cn/r" title="报告" target="_blank" rel="noopener noreferrer">报告</a>。</p>',
    );
    expect(res.text).toContain('id="cj-first-screen-document"');
    expect(res.text).toContain('"collection":"news"');
  });

  it('serves the plain shell for an article a visitor may not see, or one that does not exist', async () => {
    const id = newId();
    const { id: _id, ...draft } = buildNews({ id, title: '草稿 不应出现', status: 'draft' });
    await gw.store.db('news').insert({ _id: id, ...draft });
    for (const path of [`/news/${id}`, '/news/nope']) {
      const res = await request(gw.app).get(path).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('boot-shell');
      expect(res.text).not.toContain('草稿 不应出现');
    }
  });

  it('serves the plain shell to signed-in browsers and on other paths', async () => {
    const signedIn = await request(gw.app)
      .get('/')
      .set('Accept', 'text/html')
      .set('Cookie', `${SESSION_HINT_COOKIE}=1`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toContain('boot-shell');
    expect(signedIn.text).not.toContain('data-ssr');
    expect(signedIn.text).toContain('css-build1');

    const news = await request(gw.app).get('/news').set('Accept', 'text/html');
    expect(news.text).toContain('boot-shell');
    expect(news.text).not.toContain('data-ssr');
  });

  it('starts a rendered page with the tap keeper, the one inline script its policy allows', async () => {
    const inlineScripts = (html: string) =>
      [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
    for (const path of ['/', '/properties']) {
      const res = await request(gw.app)
        .get(path)
        .set('User-Agent', PHONE_UA)
        .set('Accept', 'text/html');
      expect(res.text, path).toContain('data-ssr');
      const scripts = inlineScripts(res.text);
      expect(scripts, path).toEqual([EARLY_TAPS_SCRIPT]);
      // In <head>: it keeps taps from the first paint on.
      expect(res.text.indexOf(EARLY_TAPS_SCRIPT), path).toBeLessThan(res.text.indexOf('</head>'));
      const csp = res.headers['content-security-policy'] as string;
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
      const hash = createHash('sha256').update(scripts[0]!).digest('base64');
      expect(scriptSrc, path).toEqual(["'self'", `'sha256-${hash}'`]);
    }
    // The plain shell has nothing to keep.
    const shell = await request(gw.app)
      .get('/')
      .set('Accept', 'text/html')
      .set('Cookie', `${SESSION_HINT_COOKIE}=1`);
    expect(inlineScripts(shell.text)).toEqual([]);
  });

  it('has the browser revalidate every page, and sends a rendered first screen compressed', async () => {
    const home = await request(gw.app)
      .get('/')
      .set('User-Agent', PHONE_UA)
      .set('Accept', 'text/html')
      .set('Accept-Encoding', 'gzip');
    expect(home.text).toContain('data-ssr');
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-encoding']).toBe('gzip');
    // The plain shell: for a listing that is not there, and on an app path without a first screen.
    for (const path of ['/properties/nope', '/admin/audit']) {
      const res = await request(gw.app).get(path).set('Accept', 'text/html');
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('boot-shell');
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('serves the plain shell when the first screen cannot be rendered into it', async () => {
    const res = await request(brokenGw.app).get('/').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toBe('<!doctype html><div id="root"></div>');
  });
});

describe('first screens on a county’s store (more listings than a first pull holds)', () => {
  let county: TestGateway;
  const newestTitle = '县城最新上架 湖景四房';
  let newestId: string;

  beforeAll(async () => {
    county = await startTestGateway({ staticDir: shellDir });
    const start = Date.parse('2025-03-01T08:00:00Z');
    // Older listings first by id (their ids carry their time), then the county's newest, which a
    // first pull of PULL_LIMIT_MAX by id does not reach.
    const docs = Array.from({ length: PULL_LIMIT_MAX + 10 }, (_, i) => {
      const at = new Date(start + i * 60_000).toISOString();
      const {
        owner: _o,
        id,
        ...doc
      } = buildProperty({
        id: newId(start + i * 60_000),
        title: `较早的房源 第${i}套`,
        created_at: at,
        updated_at: at,
      });
      return { _id: id, ...doc, ever_public: true };
    });
    newestId = newId();
    const now = new Date().toISOString();
    const {
      owner: _o,
      id: _i,
      ...newest
    } = buildProperty({
      id: newestId,
      title: newestTitle,
      is_featured: true,
      created_at: now,
      updated_at: now,
    });
    docs.push({ _id: newestId, ...newest, ever_public: true });
    await county.store.db('properties').bulk({ docs });
    await county.feedCaughtUp();
  });

  afterAll(async () => {
    await county?.cleanup();
  });

  it('shows the county’s newest on home and the list, carried beside the first pull', async () => {
    const apiPull = (await request(county.app).get(FIRST_PULL_URL)).body as PullResponse;
    expect(apiPull.documents).toHaveLength(PULL_LIMIT_MAX);
    expect(apiPull.documents.map((d) => d.id)).not.toContain(newestId);
    for (const path of ['/', '/properties']) {
      const res = await request(county.app)
        .get(path)
        .set('User-Agent', PHONE_UA)
        .set('Accept', 'text/html');
      expect(res.status).toBe(200);
      const markup = firstScreen(res.text);
      expect(markup, path).toContain(newestTitle);
      const carried = carriedPull(res.text) as CarriedFirstPull;
      // What the replication stores is the first pull as a visitor's device would get it.
      expect(carried.documents).toEqual(apiPull.documents);
      expect(carried.checkpoint).toEqual(apiPull.checkpoint);
      // Beside it, only listings the screen shows that the first pull does not hold.
      const shown = carried.shown ?? [];
      expect(shown.map((d) => d.id)).toContain(newestId);
      const held = new Set(apiPull.documents.map((d) => d.id));
      for (const doc of shown) expect(held.has(doc.id), path).toBe(false);
      expect(shown.length, path).toBeLessThanOrEqual(FEATURED_LIMIT + PAGE_SIZE);
    }
  });

  it('carries nothing beside the first pull when it holds every listing', async () => {
    const res = await request(gw.app)
      .get('/')
      .set('User-Agent', PHONE_UA)
      .set('Accept', 'text/html');
    expect((carriedPull(res.text) as CarriedFirstPull).shown).toBeUndefined();
  });
});
