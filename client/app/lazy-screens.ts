/** Every screen as its own lazy chunk (React.lazy), so later screens stay out of the first load. */
import { createElement, lazy, type ComponentType } from 'react';
import { whenIdle } from '@client/lib/when-idle';
import type { SCREEN_LOADERS } from './screen-loaders';

type ScreenModule = { default: ComponentType };

/** The chunk with the loaders of the screens no page opens on (client/app/screen-loaders.ts). */
const screenLoaders = () => import('./screen-loaders').then((m) => m.SCREEN_LOADERS);

/** A screen loaded through screen-loaders.ts: a page's first screen is never one of these. */
function laterScreen(name: keyof typeof SCREEN_LOADERS) {
  return lazy(() => screenLoaders().then((loaders) => loaders[name]()));
}

/** Longest wait for an idle moment before the later screens' loaders are fetched anyway. */
const LATER_SCREENS_IDLE_MS = 5_000;

/**
 * Fetches the later screens' loaders once the page is idle (after its first screen): a tap on
 * another screen then waits for that screen's own files only.
 */
export function preloadLaterScreens(): void {
  whenIdle(() => {
    screenLoaders().catch((err: unknown) =>
      console.warn('preloading the later screens’ loaders failed', err),
    );
  }, LATER_SCREENS_IDLE_MS);
}

/**
 * A lazy screen that can be loaded ahead of its first render: once loaded, it renders directly,
 * without suspending (React would show the fallback first and hold the screen back for a while).
 */
function preloadableScreen(load: () => Promise<ScreenModule>) {
  let loaded: ComponentType | null = null;
  const Lazy = lazy(load);
  function Screen() {
    return createElement(loaded ?? Lazy);
  }
  Screen.preload = () =>
    load().then((m) => {
      loaded = m.default;
    });
  return Screen;
}

export const HomeScreen = preloadableScreen(() => import('@client/features/home/home-screen'));
export const PropertyListScreen = preloadableScreen(
  () => import('@client/features/properties/property-list-screen'),
);
export const PropertyDetailScreen = preloadableScreen(
  () => import('@client/features/properties/property-detail-screen'),
);
export const AreasScreen = laterScreen('AreasScreen');
export const MapScreen = laterScreen('MapScreen');
export const CommunityScreen = laterScreen('CommunityScreen');
export const NewsListScreen = laterScreen('NewsListScreen');
export const NewsDetailScreen = preloadableScreen(
  () => import('@client/features/news/news-detail-screen'),
);
export const JoinUsScreen = laterScreen('JoinUsScreen');
export const HelpScreen = laterScreen('HelpScreen');

export const ProfileScreen = laterScreen('ProfileScreen');
export const RecentScreen = laterScreen('RecentScreen');
export const MyDemandsScreen = laterScreen('MyDemandsScreen');
export const MyReportsScreen = laterScreen('MyReportsScreen');
export const MyPropertiesScreen = laterScreen('MyPropertiesScreen');
export const FavoritesScreen = laterScreen('FavoritesScreen');
export const MessagesScreen = laterScreen('MessagesScreen');
export const PublishPropertyScreen = laterScreen('PublishPropertyScreen');
export const PublishDemandScreen = laterScreen('PublishDemandScreen');
export const ManageScreen = laterScreen('ManageScreen');
export const ToolsScreen = laterScreen('ToolsScreen');
export const MortgageCalculatorScreen = laterScreen('MortgageCalculatorScreen');
export const TaxCalculatorScreen = laterScreen('TaxCalculatorScreen');
export const TrainingScreen = laterScreen('TrainingScreen');
export const QrCodeScreen = laterScreen('QrCodeScreen');
export const ShareListScreen = laterScreen('ShareListScreen');
export const ListingStatsScreen = laterScreen('ListingStatsScreen');
export const PromotionStatsScreen = laterScreen('PromotionStatsScreen');
export const AdminDashboardScreen = laterScreen('AdminDashboardScreen');
export const AdminAuditScreen = laterScreen('AdminAuditScreen');
export const AdminSettingsScreen = laterScreen('AdminSettingsScreen');
export const AdminUsersScreen = laterScreen('AdminUsersScreen');
export const AdminPropertiesScreen = laterScreen('AdminPropertiesScreen');
export const AdminNewsScreen = laterScreen('AdminNewsScreen');
export const AdminDemandsScreen = laterScreen('AdminDemandsScreen');

export const LoginScreen = laterScreen('LoginScreen');
export const RegisterScreen = laterScreen('RegisterScreen');
export const LoginTestScreen = laterScreen('LoginTestScreen');
export const NotFoundScreen = laterScreen('NotFoundScreen');

/**
 * Loads the screen a page opens on together with the app's entry, so the first render shows it at
 * once instead of a spinner (and one round trip less on a slow network). Resolves when it is
 * loaded or failed (the router's lazy screen then reports the failure).
 */
export function preloadFirstScreen(pathname: string): Promise<void> {
  const load =
    pathname === '/'
      ? HomeScreen.preload
      : pathname === '/properties'
        ? PropertyListScreen.preload
        : /^\/properties\/[^/]+$/.test(pathname)
          ? PropertyDetailScreen.preload
          : /^\/news\/[^/]+$/.test(pathname)
            ? NewsDetailScreen.preload
            : null;
  // Another screen: its loader comes while the app's steps evaluate, so the screen's files are
  // fetched at the first render without a round trip for the loaders first.
  if (!load)
    return screenLoaders().then(
      () => undefined,
      (err: unknown) => console.warn('preloading the screen loaders failed', err),
    );
  return load().then(
    () => undefined,
    (err: unknown) => console.warn('preloading the first screen failed', err),
  );
}
