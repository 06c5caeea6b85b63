/**
 * The document a visitor's first screen shows on its own page (a shared link to a listing or an
 * article): the gateway renders the page with it and carries it in the HTML
 * (sync-server/first-screen.ts), and the page reads it from there, so hydration shows what the
 * server rendered and the document stays on screen until the device's own copy has arrived. On the
 * gateway, the render hands it in through the context.
 */
import { createContext, useContext } from 'react';
import type { PromotionAgent } from '@couchdb/model/promotion-facts';
import type { NewsDoc } from '../schemas/news.schema';
import type { PropertyDoc } from '../schemas/property.schema';

/** The id of the page's <script type="application/json"> carrying the document. */
export const FIRST_SCREEN_DOCUMENT_ELEMENT = 'cj-first-screen-document';

/**
 * A page's own document with the collection it belongs to. A listing's page opened by an agent's
 * promotion link also carries that agent as the gateway confirmed them (their account, not what
 * the link says): the 联系人 card names them from the first paint, before the device has kept the
 * promotion.
 */
export type CarriedDocument =
  | { collection: 'properties'; doc: PropertyDoc; promotion?: PromotionAgent }
  | { collection: 'news'; doc: NewsDoc };

/** The document a server render shows (undefined in the browser, which reads the page's copy). */
export const FirstScreenDocument = createContext<CarriedDocument | null | undefined>(undefined);

let carried: CarriedDocument | null | undefined;

/** The document the page carried, read once. */
function carriedDocument(): CarriedDocument | null {
  if (carried !== undefined) return carried;
  carried = null;
  const element = globalThis.document?.getElementById?.(FIRST_SCREEN_DOCUMENT_ELEMENT);
  if (!element?.textContent) return carried;
  element.remove();
  try {
    carried = JSON.parse(element.textContent) as CarriedDocument;
  } catch (err) {
    console.warn('the page’s document is unreadable', err);
  }
  return carried;
}

function useCarried(): CarriedDocument | null {
  const given = useContext(FirstScreenDocument);
  return given !== undefined ? given : carriedDocument();
}

/** The first screen's listing when it is the one with `id`, else null. */
export function useFirstScreenProperty(id: string | undefined): PropertyDoc | null {
  const carried = useCarried();
  return carried?.collection === 'properties' && carried.doc.id === id ? carried.doc : null;
}

/** The promoting agent the first screen's listing was rendered with, when it is the one with `id`. */
export function useFirstScreenPromotion(id: string | undefined): PromotionAgent | null {
  const carried = useCarried();
  return (
    (carried?.collection === 'properties' && carried.doc.id === id && carried.promotion) || null
  );
}

/** The promoting agent the page was rendered with (read by the promotion link's capture). */
export function carriedPromotionAgent(): PromotionAgent | null {
  const page = carriedDocument();
  return (page?.collection === 'properties' && page.promotion) || null;
}

/** The first screen's article when it is the one with `id`, else null. */
export function useFirstScreenArticle(id: string | undefined): NewsDoc | null {
  const carried = useCarried();
  return carried?.collection === 'news' && carried.doc.id === id ? carried.doc : null;
}
