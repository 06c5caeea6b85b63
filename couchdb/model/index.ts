/** The shared document model: every document's schema, form rules, messages and constants. */
export * from './auth';
export * from './common';
export * from './constants';
export * from './demand';
export * from './errors';
export * from './favorite';
export * from './media';
export * from './news';
export * from './oplog';
export * from './admin-log';
export * from './promotion';
export * from './property';
export * from './setting';
export * from './user';
export * from './validation';
