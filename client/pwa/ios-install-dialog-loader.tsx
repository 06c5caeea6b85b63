import { lazy, Suspense } from 'react';

/** The iOS instructions (a Dialog) load only when asked for. */
const IosInstallDialog = lazy(() =>
  import('./ios-install-dialog').then((m) => ({ default: m.IosInstallDialog })),
);

export function IosInstallDialogLoader(props: { open: boolean; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <IosInstallDialog {...props} />
    </Suspense>
  );
}
