/**
 * The listing a visitor's first screen shows on its own page (a shared link): the gateway renders
 * the page with it and carries it in the HTML (sync-server/first-screen.ts), and the page reads it
 * from there, so hydration shows what the server rendered and the listing stays on screen until the
 * device's own copy has arrived. On the gateway, the render hands it in through the context.
 */
import { createContext, useContext } from 'react';
import type { PropertyDoc } from './schemas/property.schema';

/** The id of the page's <script type="application/json"> carrying the listing. */
export const FIRST_SCREEN_DOCUMENT_ELEMENT = 'cj-first-screen-document';

/** The listing a server render shows (undefined in the browser, which reads the page's copy). */
export const FirstScreenDocument = createContext<PropertyDoc | null | undefined>(undefined);

let carried: PropertyDoc | null | undefined;

/** The listing the page carried, read once. */
function carriedDocument(): PropertyDoc | null {
  if (carried !== undefined) return carried;
  carried = null;
  const element = globalThis.document?.getElementById?.(FIRST_SCREEN_DOCUMENT_ELEMENT);
  if (!element?.textContent) return carried;
  element.remove();
  try {
    carried = JSON.parse(element.textContent) as PropertyDoc;
  } catch (err) {
    console.warn('the page’s listing is unreadable', err);
  }
  return carried;
}

/** The first screen's listing when it is the one with `id`, else null. */
export function useFirstScreenProperty(id: string | undefined): PropertyDoc | null {
  const given = useContext(FirstScreenDocument);
  const doc = given !== undefined ? given : carriedDocument();
  return doc && doc.id === id ? doc : null;
}
