/**
 * The device's storage for this site: asks once for persistent storage, reads usage and quota,
 * and turns "quota exceeded" failures from anywhere (IndexedDB through RxDB/Dexie, the Cache API,
 * localStorage) into one clear message instead of a silent failure.
 */
import { STORAGE_FULL_MESSAGES } from '@couchdb/model/errors';
import { describeFailure } from '@client/lib/failure';
import { isQuotaExceededError } from '@client/lib/quota-error';
import { useStoreValue } from '@client/lib/use-store-value';

export const STORAGE_MESSAGES = {
  quotaExceeded: STORAGE_FULL_MESSAGES.banner,
  /** The profile's 高级设置 (product §2 Profile), in plain words. */
  section: '高级设置',
  sectionHint: '本机数据',
  title: '本机保存的数据',
  explain: '房源、草稿和还没发出的内容保存在这台设备上，没有网络也能查看和填写。',
  persisted: '浏览器会一直保留这些数据。',
  notPersisted: '设备空间紧张时，浏览器可能清除这些数据；已发到平台的内容不受影响。',
  unavailable: '这个浏览器不能显示占用的空间。',
} as const;

/** The part of navigator.storage these checks use (a fake one in tests). */
export type PersistableStorage = Pick<StorageManager, 'persist' | 'persisted'>;

/**
 * At the device's first unsent item: a browser that clears a site's data after days without use
 * (Safari, unless the app is installed) keeps it once storage is persistent, so persistence is
 * asked for now. Returns whether the user should still be told (storage is not persistent).
 */
export async function secureStorageForUnsent(
  storage: Partial<PersistableStorage> | undefined = globalThis.navigator?.storage,
): Promise<boolean> {
  if (!storage?.persisted || !storage.persist) return false; // no API: nothing to ask or tell
  if (await storage.persisted()) return false;
  return !(await storage.persist());
}

let unsentAtRisk = false;
let unsentChecked = false;
let holdsUnsent = false;
let unsentTimer: ReturnType<typeof setTimeout> | undefined;
const riskListeners = new Set<() => void>();
/** How long something must wait unsent before the warning shows (an online edit is sent sooner). */
const UNSENT_WARNING_DELAY_MS = 2_000;

function notifyRisk(): void {
  for (const listener of riskListeners) listener();
}

/**
 * Called whenever the device's unsent items change between none and some: at the first one (once
 * a page load) persistent storage is asked for; the warning shows only while something has waited
 * unsent for a moment (UNSENT_WARNING_DELAY_MS), and goes once nothing is left.
 */
export function noticeUnsent(present: boolean): void {
  if (!present) {
    clearTimeout(unsentTimer);
    unsentTimer = undefined;
    if (holdsUnsent) {
      holdsUnsent = false;
      notifyRisk();
    }
  } else if (!holdsUnsent && unsentTimer === undefined) {
    unsentTimer = setTimeout(() => {
      unsentTimer = undefined;
      holdsUnsent = true;
      notifyRisk();
    }, UNSENT_WARNING_DELAY_MS);
  }
  if (!present || unsentChecked) return;
  unsentChecked = true;
  secureStorageForUnsent()
    .then((atRisk) => {
      unsentAtRisk = atRisk;
      notifyRisk();
    })
    .catch((err: unknown) => console.warn('[storage] persistent storage request failed', err));
}

export function dismissUnsentAtRisk(): void {
  unsentAtRisk = false;
  notifyRisk();
}

/** Whether to warn that unsent items may be cleared: storage is not persistent and some wait. */
export function useUnsentAtRisk(): boolean {
  return useStoreValue(
    (listener) => {
      riskListeners.add(listener);
      return () => riskListeners.delete(listener);
    },
    () => unsentAtRisk && holdsUnsent,
  );
}

const PERSIST_ANSWER_KEY = 'cj.storage.persist';

/**
 * Asks for persistent storage the first time it is called on this device (at first login) and
 * remembers the answer, so the user is not asked again. Returns whether storage is persistent.
 */
export async function requestPersistentStorageOnce(): Promise<boolean> {
  const storage = navigator.storage;
  if (!storage?.persist || !storage.persisted) return false;
  if (await storage.persisted()) return true;
  if (readAnswer() !== null) return false;
  const granted = await storage.persist();
  writeAnswer(granted ? 'granted' : 'denied');
  return granted;
}

function readAnswer(): string | null {
  try {
    return localStorage.getItem(PERSIST_ANSWER_KEY);
  } catch {
    return null; // storage blocked (private mode): asking again next time is harmless
  }
}

function writeAnswer(answer: 'granted' | 'denied') {
  try {
    localStorage.setItem(PERSIST_ANSWER_KEY, answer);
  } catch (err) {
    reportStorageError(err);
  }
}

export interface StorageUsage {
  usage: number;
  quota: number;
  persisted: boolean;
}

/** Usage and quota from `navigator.storage.estimate()`, or null where the browser has no API. */
export async function estimateStorage(): Promise<StorageUsage | null> {
  const storage = navigator.storage;
  if (!storage?.estimate) return null;
  const [{ usage = 0, quota = 0 }, persisted] = await Promise.all([
    storage.estimate(),
    storage.persisted ? storage.persisted() : Promise.resolve(false),
  ]);
  return { usage, quota, persisted };
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 12.3 MB, 1.2 GB (binary units, one decimal above bytes). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

let quotaExceeded = false;
const listeners = new Set<() => void>();

function setQuotaExceeded(value: boolean) {
  quotaExceeded = value;
  for (const listener of listeners) listener();
}

/**
 * Shows the full-storage message when `err` is a quota failure; returns whether it was one.
 * Code that catches storage errors itself calls this before handling anything else; an action the
 * user took does so through failure-message.ts, which also says what was not saved.
 */
export function reportStorageError(err: unknown): boolean {
  if (!isQuotaExceededError(err)) return false;
  console.error('[storage] quota exceeded', describeFailure(err));
  setQuotaExceeded(true);
  return true;
}

/** Hides the message (the user closed it). It shows again on the next failure. */
export function dismissQuotaExceeded(): void {
  setQuotaExceeded(false);
}

/** Catches quota failures nobody handled (once, at boot); returns a function that stops it. */
export function watchQuotaErrors(): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (reportStorageError(event.reason)) event.preventDefault();
  };
  const onError = (event: ErrorEvent) => {
    if (reportStorageError(event.error)) event.preventDefault();
  };
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  return () => {
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('error', onError);
  };
}

function subscribeQuota(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useQuotaExceeded(): boolean {
  return useStoreValue(subscribeQuota, () => quotaExceeded);
}
