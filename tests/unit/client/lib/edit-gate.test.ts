/** What a publish form's route opens: new, edit, resend of a refused change, or not found. */
import { describe, expect, it } from 'vitest';
import { editGate, type EditGateInput, type RefusedEntry } from '@client/lib/edit-gate';

interface Doc {
  id: string;
  mine: boolean;
}
type Refused = RefusedEntry & { id: string };

const doc: Doc = { id: 'd1', mine: true };
const refused: Refused = { id: 'r1', collection_name: 'demands', doc_id: 'd1' };

function gate(overrides: Partial<EditGateInput<Doc, Refused>>) {
  return editGate<Doc, Refused>({
    collection: 'demands',
    editId: 'd1',
    refusedId: null,
    doc,
    refused: null,
    settled: true,
    editable: (d) => d.mine,
    ...overrides,
  });
}

describe('editGate', () => {
  it('opens a new form without ?edit=', () => {
    expect(gate({ editId: null, doc: null })).toEqual({ kind: 'new' });
  });

  it('edits a document of the user, with the refused change that names it', () => {
    expect(gate({})).toEqual({ kind: 'edit', doc, refused: null });
    expect(gate({ refusedId: 'r1', refused })).toEqual({ kind: 'edit', doc, refused });
  });

  it('ignores a refused change of another document or collection', () => {
    const other = { ...refused, doc_id: 'd2' };
    expect(gate({ refusedId: 'r1', refused: other })).toEqual({ kind: 'edit', doc, refused: null });
    const listing = { ...refused, collection_name: 'properties' };
    expect(gate({ refusedId: 'r1', refused: listing })).toMatchObject({ refused: null });
  });

  it('waits while the document or the refused change loads, and for the first sync', () => {
    expect(gate({ doc: undefined })).toEqual({ kind: 'loading' });
    expect(gate({ refusedId: 'r1', refused: undefined })).toEqual({ kind: 'loading' });
    expect(gate({ doc: null, settled: false })).toEqual({ kind: 'loading' });
  });

  it('sends a refused change again as new when its document is gone, else says not found', () => {
    expect(gate({ doc: null, refusedId: 'r1', refused })).toEqual({ kind: 'resend', refused });
    expect(gate({ doc: null })).toEqual({ kind: 'not-found' });
    expect(gate({ doc: { id: 'd1', mine: false } })).toEqual({ kind: 'not-found' });
  });
});
