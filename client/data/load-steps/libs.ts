/**
 * A step of the data layer's evaluation (client/app/sync/page-data.ts): rxjs and the small
 * libraries under RxDB, the build's `data-libs` chunk (scripts/data-layer-chunks.ts). Importing
 * one of its modules evaluates the whole chunk. The first step also starts the device storage's
 * worker, which then loads beside the steps after it.
 */
import { startStorageWorker } from '../storage/storage-worker-start';

export { Subject } from 'rxjs';

startStorageWorker();
