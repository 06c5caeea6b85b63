/**
 * Installing the app: keeps the browser's `beforeinstallprompt` (captured at boot, before React
 * mounts, since it may fire early) and knows when iOS Safari needs the share-sheet instructions
 * instead, or when the app already runs installed.
 */
import { useStoreValue } from '@client/lib/use-store-value';

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** How this browser can install the app: its own dialog, iOS instructions, or not at all. */
export type InstallMode = 'prompt' | 'ios' | 'none';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Running as an installed app (Android/desktop standalone window or the iOS home screen). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone and iPad (iPadOS reports itself as a Mac with a touch screen). */
export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function getMode(): InstallMode {
  if (installed) return 'none';
  if (deferred) return 'prompt';
  return isIos() ? 'ios' : 'none';
}

/** Starts listening for the install events (once, at boot). */
export function captureInstallPrompt(): void {
  installed = isStandalone();
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own entry offers it instead of the mini-infobar
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
  window.matchMedia('(display-mode: standalone)').addEventListener('change', (event) => {
    installed = event.matches;
    notify();
  });
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  notify();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

/** The install entry's mode; re-renders when it changes. */
export function useInstallMode(): InstallMode {
  return useStoreValue(subscribe, getMode, () => 'none');
}
