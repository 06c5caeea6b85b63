import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { CourseProgress } from '@couchdb/model/training-facts';
import {
  fetchCourseLearners,
  readTrainingProgress,
  subscribeTrainingProgress,
  syncTrainingProgress,
} from '@client/data/writes/training-progress';

/**
 * The agent's training progress as kept on the device, merged with the account's on mount and
 * whenever the connection returns (another device's progress then shows here).
 */
export function useTrainingProgress(userId: string): Record<string, CourseProgress> {
  const progress = useSyncExternalStore(
    subscribeTrainingProgress,
    () => readTrainingProgress(userId),
    () => readTrainingProgress(userId),
  );
  const sync = useCallback(() => {
    syncTrainingProgress(userId).catch((err: unknown) =>
      console.warn('training progress not synced', err),
    );
  }, [userId]);
  useEffect(() => {
    sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [sync]);
  return progress;
}

/** Learners per course from the gateway; null until known (or offline). */
export function useCourseLearners(): Record<string, number> | null {
  const [learners, setLearners] = useState<Record<string, number> | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => {
      void fetchCourseLearners().then((l) => {
        if (live && l) setLearners(l);
      });
    };
    load();
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, []);
  return learners;
}
