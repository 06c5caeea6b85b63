/**
 * A step of the data layer's evaluation (client/app/sync/page-data.ts): RxDB and its plugins, the
 * build's `data-rxdb` chunk (scripts/data-layer-chunks.ts). Importing one of its modules evaluates
 * the whole chunk.
 */
export { createRxDatabase } from 'rxdb';
