import { useState, type ReactNode } from 'react';
import { promptInstall, useInstallMode, type InstallMode } from './install';
import { IosInstallDialogLoader } from './ios-install-dialog-loader';

export interface InstallAction {
  /** 'none': hide the entry (installed, or the browser cannot install). */
  mode: InstallMode;
  start(): void;
  /** Render this next to the entry (the iOS instructions when open). */
  dialog: ReactNode;
}

/** What the install entries do: the browser's dialog, or the share-sheet steps on iOS. */
export function useInstallAction(): InstallAction {
  const mode = useInstallMode();
  const [iosOpen, setIosOpen] = useState(false);
  const [iosLoaded, setIosLoaded] = useState(false);

  const start = () => {
    if (mode === 'ios') {
      setIosLoaded(true);
      setIosOpen(true);
    } else {
      promptInstall().catch((err: unknown) => console.error('[pwa] install prompt failed', err));
    }
  };

  const dialog = iosLoaded ? (
    <IosInstallDialogLoader open={iosOpen} onClose={() => setIosOpen(false)} />
  ) : null;

  return { mode, start, dialog };
}
