import { describe, expect, it } from 'vitest';
import { createFormControl } from 'react-hook-form';
import { PROPERTY_FORM_MESSAGES } from '@couchdb/model/property-facts';
import { URL_MESSAGE } from '@couchdb/model/common-facts';
import { emptyListingForm, type ListingFormValues } from '@couchdb/rules/listing-form';
import {
  firstStepWithError,
  listingFormResolver,
  stepFields,
} from '@client/features/publish/listing-form-schema';

/** A form filled in through step 3 with a bad 360° link. */
const filled: ListingFormValues = {
  ...emptyListingForm({ name: '李女士', phone: '13912345678' }),
  title: '右所镇湖景两居室',
  rooms: '2室1厅1卫',
  area: '78.5',
  description: '临湖小区，南北通透，拎包入住。',
  price: '88',
  address: { district: '右所镇', community: '', address: '环湖东路34号' },
  panorama_url: 'not a url',
};

function form(values: ListingFormValues) {
  return createFormControl<ListingFormValues, unknown, ListingFormValues>({
    defaultValues: values,
    resolver: listingFormResolver as never,
  });
}

describe('the publish form’s step checks', () => {
  it('refuses a bad 360° link on step 3 with the model’s message, not before', async () => {
    const { trigger, getFieldState } = form(filled);
    expect(await trigger(stepFields(1))).toBe(true);
    expect(await trigger(stepFields(2))).toBe(true);
    expect(await trigger(stepFields(3))).toBe(false);
    expect(getFieldState('panorama_url').error?.message).toBe(URL_MESSAGE);
    expect(URL_MESSAGE).toBe('请输入正确的链接格式');
  });

  it('puts the address messages on the address inputs', async () => {
    const { trigger, getFieldState } = form({
      ...filled,
      panorama_url: '',
      address: { district: '', community: '', address: 'ab' },
    });
    expect(await trigger(stepFields(3))).toBe(false);
    expect(getFieldState('address.district').error?.message).toBe(PROPERTY_FORM_MESSAGES.district);
    expect(getFieldState('address.address').error?.message).toBe(PROPERTY_FORM_MESSAGES.addressMin);
  });

  it('passes a valid step 3 and checks nothing on the media step', async () => {
    expect(await form({ ...filled, panorama_url: 'https://vr.example.com/x' }).trigger()).toBe(
      true,
    );
    expect(stepFields(4)).toEqual([]);
  });

  it('finds the first step with a problem', () => {
    expect(firstStepWithError({})).toBeNull();
    expect(firstStepWithError({ panorama_url: { type: 'custom' } })).toBe(3);
    expect(
      firstStepWithError({ area: { type: 'custom' }, address: { district: { type: 'custom' } } }),
    ).toBe(2);
  });
});
