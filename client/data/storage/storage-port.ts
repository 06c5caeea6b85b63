/** One side of the device storage's channel: a worker, the worker's own scope, or a MessagePort. */
export interface StoragePort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** A MessagePort delivers nothing until started. */
  start?(): void;
}
