/**
 * 发现新版本: shown once a new version waits. Its UI (update-prompt-view.tsx) is a chunk of its own,
 * loaded when an update is found; the running version's service worker holds it, offline too.
 */
import { lazy } from 'react';
import { LazyPart } from '@client/components/lazy-part';
import { useStoreValue } from '@client/lib/use-store-value';
import { getUpdateState, subscribeUpdate } from './service-worker';

const UpdatePromptView = lazy(() => import('./update-prompt-view'));

export function UpdatePrompt() {
  const { updateReady } = useStoreValue(subscribeUpdate, getUpdateState);
  if (!updateReady) return null;
  return (
    <LazyPart name="the update prompt" fallback={null}>
      <UpdatePromptView />
    </LazyPart>
  );
}
