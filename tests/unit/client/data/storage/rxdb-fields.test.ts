/**
 * RxDB's own fields taken off a stored document (rxdb-fields.ts): what the screens, the refusal
 * ledger and the list read. The copy keeps every field of the document, in order, and leaves the
 * stored document as it was.
 */
import { describe, expect, it } from 'vitest';
import { storedFields, withoutRxdbFields } from '@client/data/storage/rxdb-fields';

const stored = () => ({
  id: 'p-1',
  title: '龙街新城 3室2厅',
  _deleted: false,
  price: 680_000,
  _rev: '3-abc',
  address: { district: '凤麓街道' },
  _meta: { lwt: 1_764_000_000_000 },
  _attachments: {},
  _note: 'a field of the document’s own that starts with _',
});

describe('RxDB’s fields taken off a stored document', () => {
  it('keeps the document’s fields, `_deleted` too, and leaves the stored one as it was', () => {
    const doc = stored();
    const copy = withoutRxdbFields(doc);
    expect(Object.keys(copy)).toEqual(['id', 'title', '_deleted', 'price', 'address', '_note']);
    expect(copy.address).toBe(doc.address);
    expect(doc).toEqual(stored());
  });

  it('leaves `_deleted` out of what the screens read', () => {
    const copy = storedFields(stored());
    expect(copy).toEqual({
      id: 'p-1',
      title: '龙街新城 3室2厅',
      price: 680_000,
      address: { district: '凤麓街道' },
      _note: 'a field of the document’s own that starts with _',
    });
  });
});
