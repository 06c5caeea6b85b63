import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { newId } from '@couchdb/model/common-facts';
import type { FormStep } from '@couchdb/model/property';
import type { ListingFormValues } from '@couchdb/rules/listing-form';
import { useDraftSaver, useSavedDraft } from '@client/components/form/use-form-draft';
import { DraftMedia } from '@client/data/media/draft-media';
import type { ChosenFile } from './components/media-step';
import { listingDraftKey, parseListingDraft, type ListingDraft } from './listing-draft-store';

export interface ListingDraftState {
  /** The values the form starts from (the restored draft's). */
  initialValues: ListingFormValues;
  step: FormStep;
  setStep(step: FormStep): void;
  /** Files chosen on this device, with their previews. */
  files: ChosenFile[];
  addFiles(files: readonly File[]): void;
  removeFile(id: string): void;
  /** The form's values changed: kept with the step. */
  saveValues(values: ListingFormValues): void;
  /** Forgets the text, the step and the files (submitted or discarded). */
  clear(): Promise<void>;
}

/**
 * What the publish form opens on: with an `owner` (a new listing) the draft kept on the device,
 * read over `initialValues`; undefined while it is being read. Without one, `initialValues`.
 */
export function useSavedListingDraft(
  owner: string | null,
  initialValues: () => ListingFormValues,
): ListingDraft | undefined {
  return useSavedDraft(owner === null ? null : listingDraftKey(owner), (saved) =>
    parseListingDraft(saved, initialValues()),
  );
}

/**
 * The publish form's draft: its text, its current step and its chosen files with their previews,
 * starting from `restored` (useSavedListingDraft). With an `owner` (a new listing) they are kept
 * on the device as they change and come back after a reload or a killed browser; without one
 * (editing, resending) they live as long as the form.
 */
export function useListingDraft(owner: string | null, restored: ListingDraft): ListingDraftState {
  const saver = useDraftSaver(owner === null ? null : listingDraftKey(owner));
  const saved = useRef(restored);
  const [step, setStepState] = useState<FormStep>(restored.step);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const previews = useRef(new Set<string>());
  const media = useMemo(
    () => (owner && DraftMedia.supported() ? new DraftMedia(`${owner}:property`) : null),
    [owner],
  );

  const save = useCallback(
    (next: Partial<ListingDraft>) => {
      saved.current = { ...saved.current, ...next };
      saver?.save(saved.current);
    },
    [saver],
  );

  const previewOf = useCallback((file: File): string => {
    const url = URL.createObjectURL(file);
    previews.current.add(url);
    return url;
  }, []);

  // Files chosen before a reload come back with their previews.
  useEffect(() => {
    if (!media) return;
    let live = true;
    media
      .load()
      .then((kept) => {
        if (!live || kept.length === 0) return;
        setFiles((current) => [
          ...kept
            .filter((k) => !current.some((c) => c.id === k.id))
            .map((k) => ({ ...k, preview: previewOf(k.file), kept: true })),
          ...current,
        ]);
      })
      .catch((err: unknown) => console.error('restoring the draft files failed', err));
    return () => {
      live = false;
      media.close();
    };
  }, [media, previewOf]);

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const saveValues = useCallback((values: ListingFormValues) => save({ values }), [save]);

  const forgetPreview = (preview: string) => {
    URL.revokeObjectURL(preview);
    previews.current.delete(preview);
  };

  return {
    initialValues: restored.values,
    step,
    setStep: (next) => {
      setStepState(next);
      save({ step: next });
    },
    files,
    addFiles: (picked) => {
      const chosen = picked.map((file) => ({ id: newId(), file, preview: previewOf(file) }));
      setFiles((all) => [...all, ...chosen]);
      const ids = new Set(chosen.map((c) => c.id));
      media
        ?.add(chosen)
        .then(() => setFiles((all) => all.map((f) => (ids.has(f.id) ? { ...f, kept: true } : f))))
        .catch((err: unknown) => console.error('keeping the chosen files failed', err));
    },
    removeFile: (id) => {
      const gone = files.find((f) => f.id === id);
      if (gone) forgetPreview(gone.preview);
      setFiles((all) => all.filter((f) => f.id !== id));
      media
        ?.remove(id)
        .catch((err: unknown) => console.error('forgetting a chosen file failed', err));
    },
    saveValues,
    clear: async () => {
      const forgotten = saver?.forget();
      saved.current = { ...saved.current, step: 1 };
      for (const f of files) forgetPreview(f.preview);
      setFiles([]);
      setStepState(1);
      await Promise.all([forgotten, media?.clear()]);
    },
  };
}
