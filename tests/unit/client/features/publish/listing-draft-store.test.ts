import { describe, expect, it } from 'vitest';
import { emptyListingForm } from '@couchdb/rules/listing-form';
import { parseListingDraft } from '@client/features/publish/listing-draft-store';

const empty = emptyListingForm({ name: '王先生', phone: '13812345678' });

describe('parseListingDraft', () => {
  it('reads back a saved draft with its step', () => {
    const values = {
      ...empty,
      title: '湖景两居室出售',
      features: ['精装修'],
      address: { district: '右所镇', community: '湖岸花城', address: '环湖东路34号' },
    };
    expect(parseListingDraft({ step: 3, values }, empty)).toEqual({
      step: 3,
      values,
    });
  });

  it('keeps the location taken or pinned, and drops one that is no valid point', () => {
    const location = {
      latitude: 24.671234,
      longitude: 102.912345,
      accuracy_m: 15,
      public_exact: true,
    };
    const values = { ...empty, location };
    expect(parseListingDraft({ step: 3, values }, empty).values.location).toEqual(location);
    const away = { ...empty, location: { ...location, latitude: 31.23 } };
    expect(parseListingDraft({ step: 3, values: away }, empty).values.location).toBeNull();
  });

  it('opens a draft saved before the step was kept on step 1, its flat address inputs kept', () => {
    const old = { title: '旧草稿标题', type: 'rent', district: '海口镇', address: '中山路1号' };
    expect(parseListingDraft(old, empty)).toEqual({
      step: 1,
      values: {
        ...empty,
        title: '旧草稿标题',
        type: 'rent',
        address: { district: '海口镇', community: '', address: '中山路1号' },
      },
    });
  });

  it.each([
    ['nothing saved', undefined],
    ['a text', '{oops'],
    ['a list', [1, 2]],
  ])('gives the empty form on step 1 for %s', (_case, saved) => {
    expect(parseListingDraft(saved, empty)).toEqual({ step: 1, values: empty });
  });

  it('replaces malformed values and steps with the empty form’s', () => {
    const saved = { step: 7, values: { title: 5, type: 'lease', features: ['ok', 3], area: '90' } };
    expect(parseListingDraft(saved, empty)).toEqual({
      step: 1,
      values: { ...empty, area: '90', features: ['ok'] },
    });
  });
});
