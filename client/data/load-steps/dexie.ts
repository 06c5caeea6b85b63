/**
 * A step of the data layer's evaluation (client/app/sync/page-data.ts): Dexie, the build's
 * `data-dexie` chunk (scripts/data-layer-chunks.ts).
 */
export { Dexie } from 'dexie';
