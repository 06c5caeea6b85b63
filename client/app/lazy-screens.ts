/** Every screen as its own lazy chunk (React.lazy), so later screens stay out of the first load. */
import { createElement, lazy, type ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

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
export const AreasScreen = lazy(() => import('@client/features/areas/areas-screen'));
export const CommunityScreen = lazy(() => import('@client/features/areas/community-screen'));
export const NewsListScreen = lazy(() => import('@client/features/news/news-list-screen'));
export const NewsDetailScreen = preloadableScreen(
  () => import('@client/features/news/news-detail-screen'),
);
export const JoinUsScreen = lazy(() => import('@client/features/static-pages/join-us-screen'));
export const HelpScreen = lazy(() => import('@client/features/static-pages/help-screen'));

export const ProfileScreen = lazy(() => import('@client/features/profile/profile-screen'));
export const RecentScreen = lazy(() => import('@client/features/recent/recent-screen'));
export const MyDemandsScreen = lazy(() => import('@client/features/demands/my-demands-screen'));
export const MyReportsScreen = lazy(() => import('@client/features/reports/my-reports-screen'));
export const MyPropertiesScreen = lazy(
  () => import('@client/features/my-properties/my-properties-screen'),
);
export const FavoritesScreen = lazy(() => import('@client/features/favorites/favorites-screen'));
export const MessagesScreen = lazy(() => import('@client/features/messages/messages-screen'));
export const PublishPropertyScreen = lazy(
  () => import('@client/features/publish/publish-property-screen'),
);
export const PublishDemandScreen = lazy(
  () => import('@client/features/demands/publish-demand-screen'),
);
export const ManageScreen = lazy(() => import('@client/features/manage/manage-screen'));
export const ToolsScreen = lazy(() => import('@client/features/agent/tools-screen'));
export const MortgageCalculatorScreen = lazy(
  () => import('@client/features/calculators/mortgage-calculator-screen'),
);
export const TaxCalculatorScreen = lazy(
  () => import('@client/features/calculators/tax-calculator-screen'),
);
export const TrainingScreen = lazy(() => import('@client/features/agent/training-screen'));
export const QrCodeScreen = lazy(() => import('@client/features/agent/qr-code-screen'));
export const ShareListScreen = lazy(() => import('@client/features/agent/share-list-screen'));
export const ListingStatsScreen = lazy(() => import('@client/features/agent/listing-stats-screen'));
export const PromotionStatsScreen = lazy(
  () => import('@client/features/agent/promotion-stats-screen'),
);
export const AdminDashboardScreen = lazy(
  () => import('@client/features/admin/admin-dashboard-screen'),
);
export const AdminAuditScreen = lazy(() => import('@client/features/admin/admin-audit-screen'));
export const AdminSettingsScreen = lazy(
  () => import('@client/features/admin/admin-settings-screen'),
);
export const AdminUsersScreen = lazy(() => import('@client/features/admin/admin-users-screen'));
export const AdminPropertiesScreen = lazy(
  () => import('@client/features/admin/admin-properties-screen'),
);
export const AdminNewsScreen = lazy(() => import('@client/features/admin/admin-news-screen'));
export const AdminDemandsScreen = lazy(() => import('@client/features/admin/admin-demands-screen'));

export const LoginScreen = lazy(() => import('@client/features/auth/login-screen'));
export const RegisterScreen = lazy(() => import('@client/features/auth/register-screen'));
export const LoginTestScreen = lazy(() => import('@client/features/auth/login-test-screen'));
export const NotFoundScreen = lazy(() => import('@client/features/not-found/not-found-screen'));

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
  if (!load) return Promise.resolve();
  return load().then(
    () => undefined,
    (err: unknown) => console.warn('preloading the first screen failed', err),
  );
}
