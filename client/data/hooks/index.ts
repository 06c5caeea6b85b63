/**
 * React-facing queries over the open device database (every screen reads RxDB, so it works offline).
 * The admin's hooks are in ./use-admin, imported by the admin screens only (not the first screen).
 */
export { useDeviceDatabase, useOpenDevice } from '../open-device';
export { clearFavorites, toggleFavorite, useFavoriteIds } from './use-favorites';
export { useFavoriteProperties, type FavoriteListings } from './use-favorite-properties';
export { useInboxEntries, useSavedSearches } from './use-inbox';
export { useLiveQuery, type LiveResult } from './use-live-query';
export { useDemand, useMyDemands, useMyProperties } from './use-mine';
export { useNewsArticle, usePublishedNews } from './use-news';
export { useOutbox } from './use-outbox';
export { useFeaturedProperties, useProperty, usePublicProperties } from './use-properties';
export { forgetRefusedChange, useRefusedChange, useRefusedChanges } from './use-refused';
export { useRecentProperties, type RecentListing } from './use-recent';
export { useSettings, useSettingsQuery } from './use-settings';
export { useSyncSettled } from './use-sync-settled';
