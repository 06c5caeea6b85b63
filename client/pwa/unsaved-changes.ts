/**
 * Which forms hold input the user has not saved yet, so an update never reloads it away, and
 * closing the tab (beforeunload) or leaving the screen in the app (the layout's navigation guard)
 * asks first. A form that keeps a draft on the device as it is typed is still asked about in the
 * app (its input is not sent yet), with words that say the draft is kept; closing the tab is not.
 * Two sources: forms that say so with `useUnsavedChanges(isDirty)`, and, as a safety net for every
 * other form, any <form> the user has typed into that is still on the page (it leaves the set when
 * it is submitted, reset or leaves the page). Search forms (role="search")
 * hold nothing to save; a form that calls the hook opts out of the safety net with
 * `data-unsaved-changes="managed"`.
 */
import { useEffect } from 'react';
import { useStoreValue } from '@client/lib/use-store-value';

/** Forms that declared unsaved input, each with whether it keeps its input on the device. */
const declared = new Map<symbol, { kept: boolean }>();
const typedForms = new Set<HTMLFormElement>();
const listeners = new Set<() => void>();
let version = 0;
/** Set by a form that saved and now leaves its screen: that navigation does not ask. */
let leavingAfterSave = false;

function notify() {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while any form on the page holds unsaved input. */
export function hasUnsavedChanges(): boolean {
  for (const form of typedForms) if (!form.isConnected) typedForms.delete(form);
  return declared.size > 0 || typedForms.size > 0;
}

/** A form saved its input and now navigates away: that navigation does not ask. */
export function leaveAfterSave(): void {
  leavingAfterSave = true;
}

/** Whether leaving the screen now should ask first (a saved form's own navigation does not). */
export function shouldAskBeforeLeaving(): boolean {
  if (leavingAfterSave) {
    leavingAfterSave = false;
    return false;
  }
  return hasUnsavedChanges();
}

/**
 * Forms call this with their dirty state (e.g. react-hook-form's `formState.isDirty`). `kept`: the
 * form keeps its input on the device as it is typed (a draft), so leaving loses nothing; it is
 * still asked, as the input has not been sent, and the question says the draft is kept.
 */
export function useUnsavedChanges(isDirty: boolean, { kept = false } = {}): void {
  useEffect(() => {
    if (!isDirty) return;
    const token = Symbol('unsaved form');
    declared.set(token, { kept });
    notify();
    return () => {
      declared.delete(token);
      notify();
    };
  }, [isDirty, kept]);
}

/** True when every form holding unsaved input keeps it as a draft on the device. */
export function unsavedInputIsKept(): boolean {
  for (const form of typedForms) if (!form.isConnected) typedForms.delete(form);
  if (typedForms.size > 0 || declared.size === 0) return false;
  return [...declared.values()].every((form) => form.kept);
}

/** Re-renders when the unsaved state may have changed; returns whether anything is unsaved. */
export function useHasUnsavedChanges(): boolean {
  useStoreValue(subscribe, () => version);
  return hasUnsavedChanges();
}

function formOf(target: EventTarget | null): HTMLFormElement | null {
  if (!(target instanceof Element)) return null;
  const form = target instanceof HTMLFormElement ? target : target.closest('form');
  if (!form || form.dataset.unsavedChanges === 'managed') return null;
  return form.getAttribute('role') === 'search' ? null : form; // a search box holds nothing to save
}

/** Starts the safety net (once, at boot); returns a function that stops it. */
export function trackTypedForms(): () => void {
  const onInput = (event: Event) => {
    const form = formOf(event.target);
    if (form && !typedForms.has(form)) {
      typedForms.add(form);
      notify();
    }
  };
  // Submitted (or reset): what was typed is saved or given up; typing again tracks it again. A form
  // saved in place (admin settings) would otherwise ask on every later navigation.
  const onReset = (event: Event) => {
    const form = formOf(event.target);
    if (form && typedForms.delete(form)) notify();
  };
  // The browser asks before the tab closes or reloads (its own text; ours is not shown), unless
  // the input is kept as a draft on the device: the browser's "not saved" would not be true.
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!hasUnsavedChanges() || unsavedInputIsKept()) return;
    event.preventDefault();
    event.returnValue = '';
  };
  document.addEventListener('input', onInput, true);
  document.addEventListener('reset', onReset, true);
  document.addEventListener('submit', onReset, true);
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('reset', onReset, true);
    document.removeEventListener('submit', onReset, true);
    window.removeEventListener('beforeunload', onBeforeUnload);
  };
}
