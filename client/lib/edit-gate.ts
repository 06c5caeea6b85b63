/**
 * What a publish form's route (`?edit={id}&refused={id}`) opens: a new document, one of the user's
 * documents to edit, a change the server refused to fix and send again, or "not found".
 */

/** A refused change as the gate needs it (the device's `refused` entry). */
export interface RefusedEntry {
  collection_name: string;
  doc_id: string;
}

export type EditGateOutcome<D, R> =
  | { kind: 'loading' }
  | { kind: 'new' }
  /** Editing `doc`; `refused` when the server refused the last change to it. */
  | { kind: 'edit'; doc: D; refused: R | null }
  /** The refused document is not on the server any more: sent again as a new one. */
  | { kind: 'resend'; refused: R }
  | { kind: 'not-found' };

export interface EditGateInput<D, R extends RefusedEntry> {
  collection: string;
  editId: string | null;
  refusedId: string | null;
  /** The edited document: undefined while it loads, null when the device does not hold it. */
  doc: D | null | undefined;
  /** The refused entry named by `refusedId`: undefined while it loads. */
  refused: R | null | undefined;
  /** Whether the collection's first sync is over, so a missing document is really missing. */
  settled: boolean;
  /** Whether this user may edit the document (theirs, not deleted). */
  editable(doc: D): boolean;
}

export function editGate<D, R extends RefusedEntry>(
  input: EditGateInput<D, R>,
): EditGateOutcome<D, R> {
  const { collection, editId, refusedId, doc, settled } = input;
  if (!editId) return { kind: 'new' };
  if (doc === undefined || (doc === null && !settled)) return { kind: 'loading' };
  if (refusedId !== null && input.refused === undefined) return { kind: 'loading' };
  const refused =
    input.refused && input.refused.collection_name === collection && input.refused.doc_id === editId
      ? input.refused
      : null;
  if (doc !== null && input.editable(doc)) return { kind: 'edit', doc, refused };
  if (refused) return { kind: 'resend', refused };
  return { kind: 'not-found' };
}
