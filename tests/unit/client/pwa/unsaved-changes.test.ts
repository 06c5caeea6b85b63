/**
 * Leaving a screen with unsaved input asks first, except the navigation a form makes after it
 * saved (issue 21).
 */
import { describe, expect, it } from 'vitest';
import {
  hasUnsavedChanges,
  leaveAfterSave,
  shouldAskBeforeLeaving,
} from '@client/pwa/unsaved-changes';

describe('shouldAskBeforeLeaving', () => {
  it('does not ask with nothing unsaved', () => {
    expect(hasUnsavedChanges()).toBe(false);
    expect(shouldAskBeforeLeaving()).toBe(false);
  });

  it('lets exactly one navigation through after a save', () => {
    leaveAfterSave();
    expect(shouldAskBeforeLeaving()).toBe(false);
    // Consumed: the flag does not outlive that navigation.
    expect(shouldAskBeforeLeaving()).toBe(hasUnsavedChanges());
  });
});
