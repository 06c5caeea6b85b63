/**
 * A form's draft in localStorage, as JSON text under its own key. Storage that is full, disabled or
 * in private mode loses the draft, never the form: every call swallows the failure.
 */

/** The saved text, or null when none is saved or storage cannot be read. */
export function readLocalDraft(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or private mode: the form still works, only the draft is not kept.
  }
}

export function forgetLocalDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable: there is no draft to forget.
  }
}
