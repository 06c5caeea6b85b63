/**
 * A form's draft kept on the device (client/data/writes/form-drafts.ts), for the forms: the saved
 * draft is read before the form shows, so nothing typed is overwritten by it; each change is
 * written as it is made, and what waits is written when the page is hidden. A storage that fails
 * loses the draft, never the form: the failure is logged (a full disk also shows its message).
 */
import { useEffect, useMemo, useState } from 'react';
import { DraftSaver, readDraft } from '@client/data/writes/form-drafts';
import { describeFailure } from '@client/lib/failure';
import { useStableCallback } from '@client/lib/use-stable-callback';
import { reportStorageError } from '@client/pwa/storage';

/** How long a form waits for its draft before it opens without it (a storage that never answers). */
export const DRAFT_READ_WAIT_MS = 3_000;

function reportDraftFailure(what: 'reading' | 'saving', key: string, err: unknown): void {
  console.error(`[drafts] ${what} the form's draft failed (${key})`, describeFailure(err));
  reportStorageError(err);
}

/**
 * The draft saved under `key` read over the empty form by `parse` (given undefined when none is
 * saved or it cannot be read); undefined while it is being read. Without a key (a form that keeps
 * no draft) it is `parse(undefined)` at once.
 */
export function useSavedDraft<T>(key: string | null, parse: (saved: unknown) => T): T | undefined {
  const [read, setRead] = useState<{ key: string | null; value: T } | null>(() =>
    key === null ? { key, value: parse(undefined) } : null,
  );
  // A form that stops keeping a draft (its user signed out) opens on the empty form.
  if (key === null && read?.key !== null) setRead({ key, value: parse(undefined) });
  const parseSaved = useStableCallback(parse);

  useEffect(() => {
    if (key === null) return;
    let waiting = true;
    const finish = (saved: unknown) => {
      if (!waiting) return;
      waiting = false;
      clearTimeout(timer);
      setRead({ key, value: parseSaved(saved) });
    };
    const timer = setTimeout(() => {
      reportDraftFailure('reading', key, new Error(`no answer in ${DRAFT_READ_WAIT_MS} ms`));
      finish(undefined);
    }, DRAFT_READ_WAIT_MS);
    readDraft(key).then(finish, (err: unknown) => {
      if (waiting) reportDraftFailure('reading', key, err);
      finish(undefined);
    });
    return () => {
      waiting = false;
      clearTimeout(timer);
    };
  }, [key, parseSaved]);

  return read?.key === key ? read.value : undefined;
}

/**
 * Writes the form's draft under `key` as it changes; null without a key (nothing is kept). What
 * still waits is written at once when the page is hidden or left, or the form closes.
 */
export function useDraftSaver(key: string | null): DraftSaver | null {
  const saver = useMemo(
    () =>
      key === null ? null : new DraftSaver(key, (err) => reportDraftFailure('saving', key, err)),
    [key],
  );

  useEffect(() => {
    if (!saver) return;
    const flush = () => saver.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saver.flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      saver.flush();
    };
  }, [saver]);

  return saver;
}
