/** The chrome's links (product §2 "Chrome"), defined once for the header, drawer and tab bar. */
export interface NavItem {
  label: string;
  to: string;
}

export const MAIN_NAV: NavItem[] = [
  { label: '首页', to: '/' },
  { label: '房源', to: '/properties' },
  { label: '资讯', to: '/news' },
];

export interface UserMenuItem extends NavItem {
  /** Publish entries are left out of the mobile menu. */
  publish: boolean;
}

export const USER_MENU: UserMenuItem[] = [
  { label: '个人中心', to: '/profile', publish: false },
  { label: '发布管理', to: '/manage', publish: false },
  { label: '发布房源', to: '/publish/property', publish: true },
  { label: '发布需求', to: '/publish/demand', publish: true },
];

export const SIGN_OUT_LABEL = '退出登录';

/** True when `to` is the current section (the home link only matches "/" itself). */
export function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * Screens with their own bar at the bottom on phones, where the tab bar steps aside (as on Beike):
 * a listing's page (LISTING_PAGE_ROUTE) with its contact bar.
 */
export function hidesTabBar(pathname: string): boolean {
  return /^\/properties\/[^/]+\/?$/.test(pathname);
}
