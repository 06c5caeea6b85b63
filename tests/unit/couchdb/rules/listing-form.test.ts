import { describe, expect, it } from 'vitest';
import { propertyFormSchema, propertyWriteSchema } from '@couchdb/model/property';
import {
  editedListingFromForm,
  editedListingOver,
  emptyListingForm,
  listingFormInput,
  listingFormValuesOf,
  newListingFromForm,
  type ListingFormValues,
} from '@couchdb/rules/listing-form';
import { buildProperty, FIXED_ISO } from '@tests/fixtures/builders';

const NOW = Date.parse('2025-03-02T00:00:00.000Z');

/** A filled-in form (a sale: the price is typed in 万). */
function buildFormValues(overrides: Partial<ListingFormValues> = {}): ListingFormValues {
  return {
    ...emptyListingForm({ name: '李女士', phone: '13912345678' }),
    title: '右所镇湖景两居室',
    type: 'sale',
    rooms: '2室1厅1卫',
    area: '78.5',
    description: '临湖小区，南北通透，拎包入住。',
    features: ['精装修'],
    price: '88',
    address: { district: '右所镇', community: '湖岸花城', address: '环湖东路34号' },
    ...overrides,
  };
}

const checked = (values: ListingFormValues) => propertyFormSchema.parse(listingFormInput(values));

describe('listingFormValuesOf', () => {
  it('shows a stored listing in the form’s units and back unchanged', () => {
    const listing = buildProperty({ panorama_url: 'https://vr.example.com/a' });
    const values = listingFormValuesOf(listing);
    expect(values).toMatchObject({
      price: '125',
      area: '89',
      address: { district: '凤麓街道', community: '抚仙湖小区', address: '东大街12号' },
      contact_name: '张先生',
      contact_phone: '13812345678',
      panorama_url: 'https://vr.example.com/a',
    });
    const edited = editedListingFromForm(listing, checked(values), FIXED_ISO);
    expect(edited).toEqual(listing);
  });

  it('fills what a refused version lacks with defaults', () => {
    expect(listingFormValuesOf({ title: '只有标题的房源' })).toEqual({
      ...emptyListingForm({}),
      title: '只有标题的房源',
    });
  });
});

describe('listingFormInput', () => {
  it('gives the price in 元, the bedrooms from the rooms text, and leaves blank links out', () => {
    expect(listingFormInput(buildFormValues({ panorama_url: '  ' }))).toMatchObject({
      price: '880000',
      bedrooms: 2,
      panorama_url: undefined,
    });
    expect(listingFormInput(buildFormValues({ type: 'rent', price: '1800' })).price).toBe('1800');
  });

  it('keeps the form’s field paths in the schema’s messages', () => {
    const result = propertyFormSchema.safeParse(
      listingFormInput(
        buildFormValues({
          panorama_url: 'not a url',
          address: { district: '', community: '', address: 'ab' },
        }),
      ),
    );
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['address.district', '请选择所在区域'],
      ['address.address', '地址至少5个字符'],
      ['panorama_url', '请输入正确的链接格式'],
    ]);
  });
});

describe('newListingFromForm', () => {
  it('makes a pending, active listing of the publisher with the create rules applied', () => {
    const listing = newListingFromForm(checked(buildFormValues()), { id: 'u-agent' }, 'p-new', NOW);
    expect(listing).toEqual({
      id: 'p-new',
      user_id: 'u-agent',
      title: '右所镇湖景两居室',
      description: '临湖小区，南北通透，拎包入住。',
      type: 'sale',
      price: 880_000,
      area: 78.5,
      bedrooms: 2,
      rooms: '2室1厅1卫',
      address: {
        province: '云南省',
        city: '澄江市',
        district: '右所镇',
        community: '湖岸花城',
        address: '环湖东路34号',
      },
      status: 'active',
      audit_status: 'pending',
      audit_comment: '',
      audited_by: null,
      audited_at: null,
      is_priority: false,
      is_featured: false,
      view_count: 0,
      features: ['精装修'],
      contact: { name: '李女士', phone: '13912345678' },
      contact_phone: '13912345678',
      created_at: '2025-03-02T00:00:00.000Z',
      updated_at: '2025-03-02T00:00:00.000Z',
    });
    // What the gateway accepts as a write once the media are added.
    expect(propertyWriteSchema.safeParse({ ...listing, images: [], media_items: [] }).success).toBe(
      true,
    );
  });

  it('keeps a 360° link, and 0 bedrooms when the rooms text has none', () => {
    const listing = newListingFromForm(
      checked(buildFormValues({ rooms: '独栋', panorama_url: 'https://vr.example.com/x' })),
      { id: 'u-agent' },
      'p-new',
      NOW,
    );
    expect(listing).toMatchObject({ bedrooms: 0, panorama_url: 'https://vr.example.com/x' });
  });

  it('carries the location taken on the form, with public_exact off unless chosen', () => {
    const location = { latitude: 24.671234, longitude: 102.912345, accuracy_m: 15 };
    const listing = newListingFromForm(
      checked(buildFormValues({ location: location as ListingFormValues['location'] })),
      { id: 'u-agent' },
      'p-new',
      NOW,
    );
    expect(listing.location).toEqual({ ...location, public_exact: false });
    expect(
      'location' in newListingFromForm(checked(buildFormValues()), { id: 'u' }, 'p', NOW),
    ).toBe(false);
  });
});

describe('editedListingFromForm', () => {
  const listing = buildProperty({
    audit_status: 'rejected',
    audit_comment: '图片不清晰',
    view_count: 12,
    panorama_url: 'https://vr.example.com/old',
    images: [
      {
        id: 'i1',
        url: '/media/a.jpg',
        thumbnail_url: '/media/a.jpg',
        is_cover: true,
        sort_order: 0,
      },
    ],
  });

  it('sets the content and keeps status, audit, counters, media and owner', () => {
    const edited = editedListingFromForm(
      listing,
      checked(buildFormValues({ type: 'rent', price: '1800' })),
      '2025-03-03T00:00:00.000Z',
    );
    expect(edited).toMatchObject({
      id: listing.id,
      user_id: listing.user_id,
      type: 'rent',
      price: 1800,
      bedrooms: 2,
      address: expect.objectContaining({ district: '右所镇', community: '湖岸花城' }),
      contact: { name: '李女士', phone: '13912345678' },
      audit_status: 'rejected',
      audit_comment: '图片不清晰',
      view_count: 12,
      images: listing.images,
      owner: listing.owner,
      created_at: FIXED_ISO,
      updated_at: '2025-03-03T00:00:00.000Z',
    });
  });

  it('removes a cleared 360° link and keeps the bedrooms when the rooms text has none', () => {
    const edited = editedListingFromForm(
      listing,
      checked(buildFormValues({ rooms: '独栋', panorama_url: '' })),
      FIXED_ISO,
    );
    expect('panorama_url' in edited).toBe(false);
    expect(edited.bedrooms).toBe(listing.bedrooms);
  });

  it('shows the stored location on the form, and removes a cleared one', () => {
    const location = { latitude: 24.6712, longitude: 102.9123, accuracy_m: 8, public_exact: true };
    const located = buildProperty({ location });
    expect(listingFormValuesOf(located).location).toEqual(location);
    const edited = editedListingFromForm(located, checked(buildFormValues()), FIXED_ISO);
    expect('location' in edited).toBe(false);
  });
});

describe('editedListingOver', () => {
  const base = buildProperty({ title: '原来的标题', price: 1_250_000 });
  /** The form as it opened on `base`, with `change` typed into it. */
  const formOver = (change: Partial<ListingFormValues>) =>
    checked({ ...listingFormValuesOf(base), ...change });

  const cases: {
    name: string;
    /** What the other tab or device saved meanwhile. */
    theirs: Partial<typeof base>;
    /** What this form changed. */
    mine: Partial<ListingFormValues>;
    expected: { title: string; price: number; description: string; replaced: string[] };
  }[] = [
    {
      name: 'nothing changed elsewhere: the form’s change',
      theirs: {},
      mine: { price: '99' },
      expected: {
        title: '原来的标题',
        price: 990_000,
        description: base.description,
        replaced: [],
      },
    },
    {
      name: 'different fields: both changes kept',
      theirs: { title: '那边改的标题' },
      mine: { price: '99' },
      expected: {
        title: '那边改的标题',
        price: 990_000,
        description: base.description,
        replaced: [],
      },
    },
    {
      name: 'the same field, the same value: nothing replaced',
      theirs: { title: '一样的标题' },
      mine: { title: '一样的标题' },
      expected: {
        title: '一样的标题',
        price: 1_250_000,
        description: base.description,
        replaced: [],
      },
    },
    {
      name: 'the same field, different values: the form’s wins and is named',
      theirs: { title: '那边改的标题', description: '那边改的描述，内容足够长。' },
      mine: { title: '这边改的标题' },
      expected: {
        title: '这边改的标题',
        price: 1_250_000,
        description: '那边改的描述，内容足够长。',
        replaced: ['title'],
      },
    },
  ];

  for (const { name, theirs, mine, expected } of cases) {
    it(name, () => {
      const current = { ...base, ...theirs, updated_at: '2025-03-01T00:00:00.000Z' };
      const { next, replaced } = editedListingOver(base, current, formOver(mine), FIXED_ISO);
      expect({
        title: next.title,
        price: next.price,
        description: next.description,
        replaced,
      }).toEqual(expected);
      expect(next.updated_at).toBe(FIXED_ISO);
    });
  }
});
