/**
 * The whole route table (product §2). Every screen is its own lazy chunk so the first screen
 * stays light; the main layout and the guard are in the entry chunk. The routes render under
 * react-router's declarative router with the app's own history (client/app/app-history.ts).
 *
 * The screens that need an account are a table of their own, matched only where no public route
 * matches: react-router ranks and compiles every route of a table on each match, and a visitor's
 * first screen (home, the list, a shared listing) was paying for all of them (issue 17).
 */
import type { RouteObject } from 'react-router';
import { RequireAuth } from '@client/components/auth/require-auth';
import { MainLayout } from './layout/main-layout';
import {
  HomeScreen,
  PropertyListScreen,
  PropertyDetailScreen,
  AreasScreen,
  MapScreen,
  CommunityScreen,
  NewsListScreen,
  NewsDetailScreen,
  JoinUsScreen,
  HelpScreen,
  MortgageCalculatorScreen,
  TaxCalculatorScreen,
  ProfileScreen,
  RecentScreen,
  MyDemandsScreen,
  MyReportsScreen,
  MyPropertiesScreen,
  FavoritesScreen,
  MessagesScreen,
  PublishPropertyScreen,
  PublishDemandScreen,
  ManageScreen,
  ToolsScreen,
  TrainingScreen,
  QrCodeScreen,
  PromotionStatsScreen,
  ListingStatsScreen,
  ShareListScreen,
  AdminDashboardScreen,
  AdminAuditScreen,
  AdminSettingsScreen,
  AdminUsersScreen,
  AdminPropertiesScreen,
  AdminNewsScreen,
  AdminDemandsScreen,
  LoginScreen,
  RegisterScreen,
  LoginTestScreen,
  NotFoundScreen,
} from './lazy-screens';
import { NestedRoutes } from './nested-routes';
import { RouteErrorBoundary } from './route-error-boundary';
import { StandaloneScreen } from './standalone-screen';

/**
 * Under the main layout, where no public route matched: the screens that need an account (the
 * guard checks login only; role screens check roles themselves), else the 404 screen, which a
 * visitor sees without signing in.
 */
export const signedInRoutes: RouteObject[] = [
  {
    element: <RequireAuth />,
    children: [
      { path: 'profile', element: <ProfileScreen /> },
      { path: 'recent', element: <RecentScreen /> },
      { path: 'my-demands', element: <MyDemandsScreen /> },
      { path: 'my-reports', element: <MyReportsScreen /> },
      { path: 'my-properties', element: <MyPropertiesScreen /> },
      { path: 'favorites', element: <FavoritesScreen /> },
      { path: 'messages', element: <MessagesScreen /> },
      { path: 'publish/property', element: <PublishPropertyScreen /> },
      { path: 'publish/demand', element: <PublishDemandScreen /> },
      { path: 'manage', element: <ManageScreen /> },
      { path: 'tools', element: <ToolsScreen /> },
      { path: 'training/:courseId?', element: <TrainingScreen /> },
      { path: 'qr-code', element: <QrCodeScreen /> },
      { path: 'tools/promotion', element: <PromotionStatsScreen /> },
      { path: 'tools/listings', element: <ListingStatsScreen /> },
      { path: 'tools/share-list', element: <ShareListScreen /> },
      { path: 'admin', element: <AdminDashboardScreen /> },
      { path: 'admin/audit', element: <AdminAuditScreen /> },
      { path: 'admin/settings', element: <AdminSettingsScreen /> },
      { path: 'admin/users', element: <AdminUsersScreen /> },
      { path: 'admin/properties', element: <AdminPropertiesScreen /> },
      { path: 'admin/news', element: <AdminNewsScreen /> },
      { path: 'admin/demands', element: <AdminDemandsScreen /> },
    ],
  },
  { path: '*', element: <NotFoundScreen /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <MainLayout />,
    children: [
      {
        // A screen's error shows inside the layout: the header and tab bar stay, so the user can
        // go on to another screen (offline, one the device holds).
        element: <RouteErrorBoundary />,
        children: [
          // Public
          { index: true, element: <HomeScreen /> },
          { path: 'properties', element: <PropertyListScreen /> },
          { path: 'properties/:id', element: <PropertyDetailScreen /> },
          { path: 'areas', element: <AreasScreen /> },
          { path: 'map', element: <MapScreen /> },
          { path: 'communities/:name', element: <CommunityScreen /> },
          { path: 'news', element: <NewsListScreen /> },
          { path: 'news/:id', element: <NewsDetailScreen /> },
          { path: 'join-us', element: <JoinUsScreen /> },
          { path: 'help', element: <HelpScreen /> },
          // The calculators are buyers' tools too (a sale listing opens one); only /tools is agents'.
          { path: 'tools/mortgage', element: <MortgageCalculatorScreen /> },
          { path: 'tools/tax', element: <TaxCalculatorScreen /> },
          // Anything else: a screen that needs an account, or none (404)
          { path: '*', element: <NestedRoutes routes={signedInRoutes} /> },
        ],
      },
    ],
  },
  // Outside the layout: no header, footer or tab bar
  {
    element: <StandaloneScreen />,
    children: [
      { path: 'login', element: <LoginScreen /> },
      { path: 'register', element: <RegisterScreen /> },
      { path: 'login-test', element: <LoginTestScreen /> },
    ],
  },
];
