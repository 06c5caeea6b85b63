/** Starts the PWA plumbing at boot, before React mounts (the install event may fire early). */
import { captureInstallPrompt } from './install';
import { registerServiceWorker } from './service-worker';
import { watchQuotaErrors } from './storage';
import { trackTypedForms } from './unsaved-changes';

/** `afterFirstScreen`: when the service worker may register (see registerServiceWorker). */
export function startPwa(afterFirstScreen: (run: () => void) => void): void {
  captureInstallPrompt();
  watchQuotaErrors();
  trackTypedForms();
  registerServiceWorker(afterFirstScreen);
}
