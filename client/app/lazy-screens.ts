/** Every screen as its own lazy chunk (React.lazy), so later screens stay out of the first load. */
import { lazy } from 'react';

export const HomeScreen = lazy(() => import('@client/features/home/home-screen'));
export const PropertyListScreen = lazy(
  () => import('@client/features/properties/property-list-screen'),
);
export const PropertyDetailScreen = lazy(
  () => import('@client/features/properties/property-detail-screen'),
);
export const NewsListScreen = lazy(() => import('@client/features/news/news-list-screen'));
export const NewsDetailScreen = lazy(() => import('@client/features/news/news-detail-screen'));
export const JoinUsScreen = lazy(() => import('@client/features/static-pages/join-us-screen'));
export const HelpScreen = lazy(() => import('@client/features/static-pages/help-screen'));

export const ProfileScreen = lazy(() => import('@client/features/profile/profile-screen'));
export const RecentScreen = lazy(() => import('@client/features/recent/recent-screen'));
export const MyDemandsScreen = lazy(() => import('@client/features/demands/my-demands-screen'));
export const MyPropertiesScreen = lazy(
  () => import('@client/features/my-properties/my-properties-screen'),
);
export const FavoritesScreen = lazy(() => import('@client/features/favorites/favorites-screen'));
export const PublishPropertyScreen = lazy(
  () => import('@client/features/publish/publish-property-screen'),
);
export const PublishDemandScreen = lazy(
  () => import('@client/features/demands/publish-demand-screen'),
);
export const ManageScreen = lazy(() => import('@client/features/manage/manage-screen'));
export const ToolsScreen = lazy(() => import('@client/features/agent/tools-screen'));
export const TrainingScreen = lazy(() => import('@client/features/agent/training-screen'));
export const QrCodeScreen = lazy(() => import('@client/features/agent/qr-code-screen'));
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
