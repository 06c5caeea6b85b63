/**
 * What search engines and chat apps read of the site, over HTTP from the real gateway and store
 * (architecture §8): robots.txt keeps crawlers off the account screens and names the sitemap; the
 * sitemap lists exactly the listings and articles a visitor's pull receives, each with its last
 * change, loses a listing the moment an admin takes it down, and splits under an index past its
 * limit; a listing's and an article's shared link, fetched as WeChat's crawler does (no script),
 * carries its title, price, cover and schema.org JSON-LD, and follows a price change or a takedown.
 */
import { rm } from 'node:fs/promises';
import robotsParser from 'robots-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import type { Property } from '../../../couchdb/model/property';
import { ACCOUNT_PATHS, PUBLIC_PAGES } from '../../../couchdb/model/search-engine-facts';
import { buildNewListing, buildNews, buildProperty } from '../../fixtures/builders';
import type { Account } from '../../helpers/accounts';
import * as api from '../../helpers/sync-api';
import { builtShell, shellFolder } from '../../helpers/built-shell';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

const ORIGIN = 'https://fang.example.cn';
/** WeChat's in-app browser, as it fetches a shared link's preview. */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

const SHELL = builtShell({ b: 'color:red' });

let gw: TestGateway;
let shellDir: string;
let admin: Account;
let owner: Account;
const ids = {} as Record<
  'shown' | 'withPhotos' | 'pending' | 'inactive' | 'article' | 'draft',
  string
>;

/** Writes a listing straight into the store (once public, as a listing that was approved). */
async function storeListing(target: TestGateway, overrides: Partial<Property>): Promise<string> {
  const {
    owner: _o,
    id,
    ...doc
  } = buildProperty({
    id: newId(),
    user_id: owner.user.id,
    ...overrides,
  });
  await target.store.db('properties').insert({ _id: id, ...doc, ever_public: true });
  return id;
}

async function storeArticle(target: TestGateway, overrides: Parameters<typeof buildNews>[0]) {
  const { id, ...doc } = buildNews({ id: newId(), ...overrides });
  await target.store.db('news').insert({ _id: id, ...doc, ever_published: true });
  return id;
}

/** The URLs of a sitemap or index, and each one's lastmod. */
function sitemapUrls(xml: string): Map<string, string | undefined> {
  const entries = [
    ...xml.matchAll(/<(?:url|sitemap)><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g),
  ];
  return new Map(entries.map(([, loc, lastmod]) => [loc!, lastmod]));
}

/**
 * The absolute URLs the sitemap must list: the public screens, every visible document, and the
 * page of each 小区 named by a visible listing, with its listings' latest change.
 */
async function expectedUrls(target: TestGateway): Promise<Map<string, string | undefined>> {
  const urls = new Map<string, string | undefined>(
    PUBLIC_PAGES.map((p) => [ORIGIN + p.path, undefined]),
  );
  const communities = new Map<string, string>();
  for (const collection of ['properties', 'news'] as const) {
    const { byId } = await api.pullAll(target.app, null, collection);
    for (const doc of byId.values()) {
      if (doc._deleted) continue;
      urls.set(`${ORIGIN}/${collection}/${doc.id}`, String(doc.updated_at));
      const community = (doc.address as { community?: string } | undefined)?.community?.trim();
      if (collection !== 'properties' || !community) continue;
      const url = `${ORIGIN}/communities/${encodeURIComponent(community)}`;
      const at = String(doc.updated_at);
      if (!communities.has(url) || Date.parse(at) > Date.parse(communities.get(url)!))
        communities.set(url, at);
    }
  }
  for (const [url, at] of communities) urls.set(url, at);
  return urls;
}

const getSitemap = (target: TestGateway, file = '/sitemap.xml') =>
  request(target.app).get(file).set('Host', 'fang.example.cn');

/** A shared link as WeChat's crawler fetches it: a plain GET, no cookies, no script run. */
const crawl = (url: string) =>
  request(gw.app).get(url).set('User-Agent', WECHAT_UA).set('Accept', 'text/html,*/*');

/** The page's head and its tags as a preview reads them. */
function previewOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attr: string, name: string) =>
    new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(head)?.[1];
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return {
    head,
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    og: (name: string) => meta('property', `og:${name}`),
    name: (name: string) => meta('name', name),
    itemprop: (name: string) => meta('itemprop', name),
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1],
    jsonLd: jsonLd.map(([, json]) => JSON.parse(json!) as Record<string, unknown>),
  };
}

beforeAll(async () => {
  shellDir = await shellFolder(SHELL);
  gw = await startTestGateway({ staticDir: shellDir, publicOrigin: ORIGIN });
  admin = await gw.createUser('admin', '管理员');
  owner = await gw.createUser('user', '房东');
  ids.shown = await storeListing(gw, {
    title: '抚仙湖畔 两室一厅',
    updated_at: '2026-11-02T08:00:00.000Z',
  });
  ids.withPhotos = await storeListing(gw, {
    title: '湖景三房 </script><script>alert(1)</script>',
    type: 'rent',
    price: 2600,
    facts: { usage: '别墅' },
    images: [
      {
        id: newId(),
        url: '/media/p/2.jpg',
        thumbnail_url: '/media/p/2-t.jpg',
        is_cover: false,
        sort_order: 0,
      },
      {
        id: newId(),
        url: '/media/p/cover.jpg',
        thumbnail_url: '/media/p/cover-t.jpg',
        is_cover: true,
        sort_order: 1,
      },
    ],
  });
  ids.pending = await storeListing(gw, {
    title: '待审核',
    audit_status: 'pending',
    address: { ...buildProperty().address, community: '待审核花园' },
  });
  ids.inactive = await storeListing(gw, { title: '已下架', status: 'inactive' });
  ids.article = await storeArticle(gw, {
    title: '澄江楼市五月观察',
    image_url: '/media/n/cover.jpg',
    created_at: '2026-05-01T02:00:00.000Z',
    updated_at: '2026-05-03T02:00:00.000Z',
  });
  ids.draft = await storeArticle(gw, { title: '草稿', status: 'draft' });
  await gw.feedCaughtUp();
});

afterAll(async () => {
  await gw?.cleanup();
  await rm(shellDir, { recursive: true, force: true });
});

describe('robots.txt', () => {
  it('lets crawlers read the public pages, keeps them off every account screen, and names the sitemap', async () => {
    const res = await request(gw.app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const robots = robotsParser(`${ORIGIN}/robots.txt`, res.text);
    expect(robots.getSitemaps()).toEqual([`${ORIGIN}/sitemap.xml`]);
    for (const page of [
      ...PUBLIC_PAGES.map((p) => p.path),
      `/properties/${ids.shown}`,
      `/news/${ids.article}`,
      '/login',
      '/register',
      '/media/p/cover.jpg',
    ]) {
      expect(robots.isAllowed(ORIGIN + page, 'Baiduspider'), page).toBe(true);
    }
    for (const page of [
      '/profile',
      '/favorites',
      '/recent',
      '/messages',
      '/my-properties',
      '/my-demands',
      '/publish/property',
      '/publish/demand',
      '/manage',
      '/tools',
      '/tools/promotion',
      '/training',
      '/admin',
      '/admin/audit',
      '/qr-code',
    ]) {
      expect(robots.isDisallowed(ORIGIN + page, 'Googlebot'), page).toBe(true);
    }
    expect(res.text.split('\n').filter((l) => l.startsWith('Disallow:'))).toHaveLength(
      ACCOUNT_PATHS.length,
    );
  });
});

describe('the sitemap', () => {
  it('lists the public screens and exactly the listings and articles a visitor pulls, each with its last change', async () => {
    const res = await getSitemap(gw);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = sitemapUrls(res.text);
    expect(urls).toEqual(await expectedUrls(gw));
    expect(urls.get(`${ORIGIN}/properties/${ids.shown}`)).toBe('2026-11-02T08:00:00.000Z');
    expect(urls.get(`${ORIGIN}/news/${ids.article}`)).toBe('2026-05-03T02:00:00.000Z');
    for (const hidden of [ids.pending, ids.inactive]) {
      expect([...urls.keys()]).not.toContain(`${ORIGIN}/properties/${hidden}`);
    }
    expect([...urls.keys()]).not.toContain(`${ORIGIN}/news/${ids.draft}`);
    // A 小区 is listed (with its listings' latest change), never one only a hidden listing names.
    expect([...urls.keys()]).toContain(`${ORIGIN}/communities/${encodeURIComponent('抚仙湖小区')}`);
    expect([...urls.keys()]).not.toContain(
      `${ORIGIN}/communities/${encodeURIComponent('待审核花园')}`,
    );
    // Not split: there are no parts.
    expect((await getSitemap(gw, '/sitemap-1.xml')).status).toBe(404);
  });

  it('loses a listing the moment an admin takes it down, and gains one the moment it is approved', async () => {
    const listed = await api.insert(
      gw.app,
      owner,
      'properties',
      buildNewListing(owner.user.id, { title: '新房源 待审核' }),
    );
    const loc = `${ORIGIN}/properties/${listed}`;
    expect([...sitemapUrls((await getSitemap(gw)).text).keys()]).not.toContain(loc);
    await api.updateAccepted(gw.app, admin, 'properties', listed, { audit_status: 'approved' });
    expect([...sitemapUrls((await getSitemap(gw)).text).keys()]).toContain(loc);
    await api.updateAccepted(gw.app, admin, 'properties', listed, { status: 'inactive' });
    const after = sitemapUrls((await getSitemap(gw)).text);
    expect([...after.keys()]).not.toContain(loc);
    expect(after).toEqual(await expectedUrls(gw));
  });

  it('splits into parts under an index past its limit, on the request’s own host when no origin is set', async () => {
    const split = await startTestGateway({ sitemapUrlsMax: 4 });
    try {
      const listings = [];
      for (let i = 0; i < 3; i++) {
        listings.push(
          await storeListing(split, {
            title: `房源${i}`,
            updated_at: `2026-0${i + 1}-01T00:00:00.000Z`,
          }),
        );
      }
      await split.feedCaughtUp();
      const host = 'http://county.example.cn';
      const index = await request(split.app).get('/sitemap.xml').set('Host', 'county.example.cn');
      expect(index.status).toBe(200);
      expect(index.text).toContain(
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      );
      // The screens, the listings and their one 小区.
      const total = PUBLIC_PAGES.length + listings.length + 1;
      const parts = Math.ceil(total / 4);
      expect([...sitemapUrls(index.text).keys()]).toEqual(
        Array.from({ length: parts }, (_, i) => `${host}/sitemap-${i + 1}.xml`),
      );
      const listed = new Map<string, string | undefined>();
      for (let part = 1; part <= parts; part++) {
        const res = await request(split.app)
          .get(`/sitemap-${part}.xml`)
          .set('Host', 'county.example.cn');
        expect(res.status).toBe(200);
        const urls = sitemapUrls(res.text);
        expect(urls.size).toBeLessThanOrEqual(4);
        for (const [loc, lastmod] of urls) listed.set(loc, lastmod);
      }
      expect(listed).toEqual(
        new Map([
          ...PUBLIC_PAGES.map((p) => [host + p.path, undefined] as const),
          ...listings.map(
            (id, i) => [`${host}/properties/${id}`, `2026-0${i + 1}-01T00:00:00.000Z`] as const,
          ),
          [`${host}/communities/${encodeURIComponent('抚仙湖小区')}`, '2026-03-01T00:00:00.000Z'],
        ]),
      );
      // The last part's lastmod in the index is its newest entry's.
      expect(sitemapUrls(index.text).get(`${host}/sitemap-${parts}.xml`)).toBe(
        '2026-03-01T00:00:00.000Z',
      );
      expect((await request(split.app).get(`/sitemap-${parts + 1}.xml`)).status).toBe(404);
    } finally {
      await split.cleanup();
    }
  });
});

describe('a shared link as a crawler reads it', () => {
  it('carries a listing’s title, price, cover and its offer in JSON-LD, and follows a price change', async () => {
    const res = await crawl(`/properties/${ids.withPhotos}?pid=x`);
    expect(res.status).toBe(200);
    const page = previewOf(res.text);
    const title = '湖景三房 &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; - 澄江房产';
    expect(page.title).toBe(title);
    expect(page.og('title')).toBe(title);
    expect(page.itemprop('name')).toBe(title);
    expect(page.og('description')).toContain('2600元/月');
    expect(page.name('description')).toBe(page.og('description'));
    expect(page.itemprop('description')).toBe(page.og('description'));
    expect(page.og('image')).toBe(`${ORIGIN}/media/p/cover.jpg`);
    expect(page.itemprop('image')).toBe(`${ORIGIN}/media/p/cover.jpg`);
    // The canonical URL leaves the promotion out.
    expect(page.canonical).toBe(`${ORIGIN}/properties/${ids.withPhotos}`);
    expect(page.og('url')).toBe(page.canonical);
    expect(page.og('site_name')).toBe('澄江房产');
    expect(page.og('locale')).toBe('zh_CN');
    expect(page.og('type')).toBe('website');
    expect(page.name('twitter:card')).toBe('summary_large_image');
    // The title's </script> cannot end the JSON-LD early: nowhere on the page does its script run.
    expect(res.text).not.toContain('<script>alert(1)');
    expect(page.jsonLd).toHaveLength(1);
    const offer = page.jsonLd[0]!;
    expect(offer).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Offer',
      name: '湖景三房 </script><script>alert(1)</script>',
      url: `${ORIGIN}/properties/${ids.withPhotos}`,
      price: 2600,
      priceCurrency: 'CNY',
      priceSpecification: { '@type': 'UnitPriceSpecification', price: 2600, unitCode: 'MON' },
      image: [`${ORIGIN}/media/p/cover.jpg`, `${ORIGIN}/media/p/2.jpg`],
      itemOffered: {
        '@type': 'House',
        address: { '@type': 'PostalAddress', addressLocality: '澄江市', addressCountry: 'CN' },
        floorSize: { '@type': 'QuantitativeValue', value: 89, unitCode: 'MTK' },
        numberOfRooms: 3,
      },
    });

    await api.updateAccepted(gw.app, owner, 'properties', ids.withPhotos, { price: 2400 });
    const changed = previewOf((await crawl(`/properties/${ids.withPhotos}`)).text);
    expect(changed.og('description')).toContain('2400元/月');
    expect(changed.jsonLd[0]).toMatchObject({ price: 2400 });
  });

  it('shows nothing of a listing once it is taken down, and tells crawlers not to keep the page', async () => {
    const id = await storeListing(gw, { title: '即将下架的房源', price: 990_000 });
    expect((await crawl(`/properties/${id}`)).text).toContain('即将下架的房源');
    await api.updateAccepted(gw.app, admin, 'properties', id, { status: 'inactive' });
    const res = await crawl(`/properties/${id}`);
    expect(res.text).not.toContain('即将下架的房源');
    expect(res.text).not.toContain('99.0万');
    expect(res.text).not.toContain('application/ld+json');
    expect(res.text).toContain('<meta name="robots" content="noindex">');
  });

  it('carries an article’s headline, dates, cover and author as a NewsArticle', async () => {
    const page = previewOf((await crawl(`/news/${ids.article}`)).text);
    expect(page.title).toBe('澄江楼市五月观察 - 澄江房产');
    expect(page.og('type')).toBe('article');
    expect(page.og('image')).toBe(`${ORIGIN}/media/n/cover.jpg`);
    expect(page.canonical).toBe(`${ORIGIN}/news/${ids.article}`);
    expect(page.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: '澄江楼市五月观察',
        datePublished: '2026-05-01T02:00:00.000Z',
        dateModified: '2026-05-03T02:00:00.000Z',
        image: [`${ORIGIN}/media/n/cover.jpg`],
        author: { '@type': 'Person', name: '管理员' },
      }),
    ]);
  });

  it('gives every public screen its own title, description, canonical link and preview', async () => {
    for (const { path: screen, title, description } of [
      ...PUBLIC_PAGES,
      { path: '/login', title: '登录 - 澄江房产', description: expect.any(String) },
    ]) {
      const res = await crawl(screen);
      expect(res.status, screen).toBe(200);
      const page = previewOf(res.text);
      expect(page.title, screen).toBe(title);
      expect(page.name('description'), screen).toEqual(description);
      expect(page.head.match(/name="description"/g), screen).toHaveLength(1);
      expect(page.canonical, screen).toBe(ORIGIN + screen);
      expect(page.og('url'), screen).toBe(ORIGIN + screen);
      expect(page.og('image'), screen).toBe(`${ORIGIN}/icons/icon-512.png`);
      expect(page.og('site_name'), screen).toBe('澄江房产');
    }
  });
});
