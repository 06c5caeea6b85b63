/** The new-demand draft read back from the device: what is malformed or stale comes from the empty form. */
import { describe, expect, it } from 'vitest';
import { parseDemandDraft } from '@client/features/demands/demand-draft-store';
import { demandFormValues } from '@client/features/demands/demand-form-values';

const empty = {
  ...demandFormValues(null, null),
  contact_name: '王先生',
  contact_phone: '13812345678',
};

describe('parseDemandDraft', () => {
  it('reads back a saved draft', () => {
    const values = {
      ...empty,
      title: '凤麓街道求租两居室',
      type: 'rent' as const,
      areas: '凤麓街道',
      rooms: '2',
      min_price: '1500',
      requirements: '带家具',
    };
    expect(parseDemandDraft(values, empty)).toEqual(values);
  });

  it('keeps the empty form for values that are not text or not one of the choices', () => {
    const saved = { title: 12, type: 'sell', areas: '不存在镇', rooms: '9', max_area: '120' };
    expect(parseDemandDraft(saved, empty)).toEqual({ ...empty, max_area: '120' });
  });

  it.each([
    ['nothing saved', undefined],
    ['a text', '{oops'],
    ['a list', [1, 2]],
  ])('gives the empty form for %s', (_case, saved) => {
    expect(parseDemandDraft(saved, empty)).toEqual(empty);
  });
});
