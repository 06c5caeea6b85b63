/** React-facing queries over the open device database (every screen reads RxDB, so it works offline). */
export { useDeviceDatabase, useOpenDevice } from '../open-device';
export { toggleFavorite, useFavoriteIds } from './use-favorites';
export { useLiveQuery, type LiveResult } from './use-live-query';
export { useNewsArticle, usePublishedNews } from './use-news';
export { useFeaturedProperties, useProperty, usePublicProperties } from './use-properties';
export { useSettings } from './use-settings';
export { useSyncSettled } from './use-sync-settled';
