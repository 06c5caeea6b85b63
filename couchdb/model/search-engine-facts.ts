/**
 * What search engines and link previews read of the site (architecture §8): the public screens'
 * titles and descriptions, the paths robots.txt keeps crawlers out of, and the sitemap's size.
 */

/** The site's name in titles and previews (og:site_name). */
export const SITE_NAME = '澄江房产';
/** The language of the pages, as Open Graph names it (og:locale). */
export const SITE_LOCALE = 'zh_CN';
/** The currency of every price (schema.org priceCurrency). */
export const PRICE_CURRENCY = 'CNY';

/** URLs one sitemap file may list (the sitemaps protocol's limit); past it an index splits them. */
export const SITEMAP_URLS_MAX = 50_000;

/** A public screen without a document of its own, as search results and link previews show it. */
export interface PublicPage {
  path: string;
  title: string;
  description: string;
}

const SITE_DESCRIPTION = '澄江房产：澄江本地房产信息平台，买房、租房、发布房源和需求。';

/** The public screens, home first (each is in the sitemap). */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', title: `${SITE_NAME} - 澄江本地房产信息平台`, description: SITE_DESCRIPTION },
  {
    path: '/properties',
    title: `房源列表 - ${SITE_NAME}`,
    description: '澄江在售、出租房源：价格、面积、户型、位置和实拍照片，按乡镇、价格、户型筛选。',
  },
  {
    path: '/news',
    title: `房产资讯 - ${SITE_NAME}`,
    description: '澄江本地房产资讯：政策解读、市场行情、买房租房知识。',
  },
  {
    path: '/map',
    title: `地图找房 - ${SITE_NAME}`,
    description: '在地图上查看澄江各乡镇的在售、出租房源。',
  },
  {
    path: '/areas',
    title: `区域找房 - ${SITE_NAME}`,
    description: '按乡镇街道和小区查看澄江在售、在租房源的数量和均价。',
  },
  {
    path: '/tools/mortgage',
    title: `房贷计算器 - ${SITE_NAME}`,
    description: '按贷款金额、年限和利率计算每月还款和总利息。',
  },
  {
    path: '/tools/tax',
    title: `购房税费计算器 - ${SITE_NAME}`,
    description: '估算买卖二手房的契税、增值税和个人所得税。',
  },
  {
    path: '/join-us',
    title: `加入我们 - ${SITE_NAME}`,
    description: '澄江房产的招聘岗位、待遇和联系方式。',
  },
  {
    path: '/help',
    title: `帮助中心 - ${SITE_NAME}`,
    description: '澄江房产的使用帮助、服务条款、隐私政策和联系方式。',
  },
];

/** Screens a visitor may open that no search result should lead to: not in the sitemap. */
export const UNLISTED_PAGES: readonly PublicPage[] = [
  {
    path: '/login',
    title: `登录 - ${SITE_NAME}`,
    description: '登录澄江房产，收藏房源、发布房源和需求、查看消息。',
  },
  {
    path: '/register',
    title: `注册 - ${SITE_NAME}`,
    description: '注册澄江房产账号，收藏房源、发布房源和需求。',
  },
];

/**
 * The screens that need an account (each path and what lies under it): robots.txt disallows them.
 * `/tools` alone is an agent's screen; the calculators under it are public.
 */
export const ACCOUNT_PATHS: readonly string[] = [
  '/profile',
  '/recent',
  '/my-demands',
  '/my-reports',
  '/my-properties',
  '/favorites',
  '/messages',
  '/publish/',
  '/manage',
  '/tools$',
  '/tools/promotion',
  '/tools/listings',
  '/tools/share-list',
  '/training',
  '/qr-code',
  '/admin',
  '/login-test',
];

/** Whether robots.txt keeps crawlers off `path` (as a crawler reads ACCOUNT_PATHS: prefixes, `$` ends). */
export function isAccountPath(path: string): boolean {
  return ACCOUNT_PATHS.some((rule) =>
    rule.endsWith('$') ? path === rule.slice(0, -1) : path.startsWith(rule),
  );
}
