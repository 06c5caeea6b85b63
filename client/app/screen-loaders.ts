/**
 * The loaders of every screen but the four a first visit opens on (home, the list, a listing's and
 * an article's page: client/app/lazy-screens.ts loads those itself). A chunk of its own, loaded at
 * boot when the page opens on one of these screens, else once the first screen is there. Each
 * loader's import carries the list of the files its screen needs (Vite preloads them together, in
 * one round trip): those lists stay out of the first screen's JavaScript.
 */
export const SCREEN_LOADERS = {
  AreasScreen: () => import('@client/features/areas/areas-screen'),
  MapScreen: () => import('@client/features/properties/map-screen'),
  CommunityScreen: () => import('@client/features/areas/community-screen'),
  NewsListScreen: () => import('@client/features/news/news-list-screen'),
  JoinUsScreen: () => import('@client/features/static-pages/join-us-screen'),
  HelpScreen: () => import('@client/features/static-pages/help-screen'),
  ProfileScreen: () => import('@client/features/profile/profile-screen'),
  RecentScreen: () => import('@client/features/recent/recent-screen'),
  MyDemandsScreen: () => import('@client/features/demands/my-demands-screen'),
  MyReportsScreen: () => import('@client/features/reports/my-reports-screen'),
  MyPropertiesScreen: () => import('@client/features/my-properties/my-properties-screen'),
  FavoritesScreen: () => import('@client/features/favorites/favorites-screen'),
  MessagesScreen: () => import('@client/features/messages/messages-screen'),
  PublishPropertyScreen: () => import('@client/features/publish/publish-property-screen'),
  PublishDemandScreen: () => import('@client/features/demands/publish-demand-screen'),
  ManageScreen: () => import('@client/features/manage/manage-screen'),
  ToolsScreen: () => import('@client/features/agent/tools-screen'),
  MortgageCalculatorScreen: () => import('@client/features/calculators/mortgage-calculator-screen'),
  TaxCalculatorScreen: () => import('@client/features/calculators/tax-calculator-screen'),
  TrainingScreen: () => import('@client/features/agent/training-screen'),
  QrCodeScreen: () => import('@client/features/agent/qr-code-screen'),
  ShareListScreen: () => import('@client/features/agent/share-list-screen'),
  ListingStatsScreen: () => import('@client/features/agent/listing-stats-screen'),
  PromotionStatsScreen: () => import('@client/features/agent/promotion-stats-screen'),
  AdminDashboardScreen: () => import('@client/features/admin/admin-dashboard-screen'),
  AdminAuditScreen: () => import('@client/features/admin/admin-audit-screen'),
  AdminSettingsScreen: () => import('@client/features/admin/admin-settings-screen'),
  AdminUsersScreen: () => import('@client/features/admin/admin-users-screen'),
  AdminPropertiesScreen: () => import('@client/features/admin/admin-properties-screen'),
  AdminNewsScreen: () => import('@client/features/admin/admin-news-screen'),
  AdminDemandsScreen: () => import('@client/features/admin/admin-demands-screen'),
  LoginScreen: () => import('@client/features/auth/login-screen'),
  RegisterScreen: () => import('@client/features/auth/register-screen'),
  LoginTestScreen: () => import('@client/features/auth/login-test-screen'),
  NotFoundScreen: () => import('@client/features/not-found/not-found-screen'),
};
