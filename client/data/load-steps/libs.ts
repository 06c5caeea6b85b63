/**
 * A step of the data layer's evaluation (client/app/sync/page-data.ts): rxjs and the small
 * libraries under RxDB, the build's `data-libs` chunk (scripts/data-layer-chunks.ts). Importing
 * one of its modules evaluates the whole chunk.
 */
export { Subject } from 'rxjs';
