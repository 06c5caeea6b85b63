/**
 * Visibility over time (architecture §4): a document that stops being visible to someone reaches their
 * device as a deleted stub, but only if they could have held it, so hidden ids never leak. The
 * gateway records on each document whether it was ever public; these rules read the access table.
 */
import { accessRoleOf, COLLECTION_ACCESS, readScope, type Collection } from './collection-access';
import type { Viewer } from './access';

/** The gateway-only flags a document carries: listings ever public, articles ever published. */
export type VisibilityHistory = Partial<Record<'ever_public' | 'ever_published', true>>;

/**
 * The visibility history to store with `doc`: its flag once the document is or was public (also
 * for documents written straight into the store, like demo data), else nothing.
 */
export function visibilityHistory(
  collection: Collection,
  doc: Readonly<Record<string, unknown>>,
): VisibilityHistory {
  const { everPublicFlag: flag, isPublic } = COLLECTION_ACCESS[collection];
  if (flag && (doc[flag] === true || isPublic?.(doc))) return { [flag]: true };
  return {};
}

/**
 * Whether `viewer` may ever have held `doc` (so a stub for it leaks nothing). `doc` is in the
 * model's shape (`id`) with its visibility history; a deleted one keeps its owner and history.
 */
export function couldHaveSeen(
  collection: Collection,
  viewer: Viewer,
  doc: Readonly<Record<string, unknown>>,
): boolean {
  const { owner, everPublicFlag } = COLLECTION_ACCESS[collection];
  const own = () => viewer !== null && !!owner && doc[owner] === viewer.id;
  const everPublic = () => !!everPublicFlag && doc[everPublicFlag] === true;
  switch (readScope(collection, accessRoleOf(viewer))) {
    case 'all':
      return true;
    case 'public+own':
      return everPublic() || own();
    case 'public':
      return everPublic();
    case 'own':
      return own();
    case 'none':
      return false;
  }
}
