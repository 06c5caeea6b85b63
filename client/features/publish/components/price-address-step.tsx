import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useWatch, type Control } from 'react-hook-form';
import { TOWNSHIPS } from '@couchdb/model/constants';
import type { PropertyForm } from '@couchdb/model/property';
import { priceInputUnit } from '@couchdb/rules/format';
import type { ListingFormValues } from '@couchdb/rules/listing-form';
import { FormTextField } from '@client/components/form/form-text-field';
import { LocationBlock } from './location-block';

/**
 * Step 3 of the publish form: price (in the type's unit), address, where the home is, contact and
 * 360° link.
 */
export function PriceAddressStep({
  control,
}: {
  control: Control<ListingFormValues, unknown, PropertyForm>;
}) {
  const type = useWatch({ control, name: 'type' });
  return (
    <>
      <FormTextField
        control={control}
        name="price"
        label={type === 'sale' ? '售价' : '月租金'}
        required
        inputMode="decimal"
        slotProps={{
          input: {
            endAdornment: <InputAdornment position="end">{priceInputUnit(type)}</InputAdornment>,
          },
        }}
      />
      <FormTextField control={control} name="address.district" select label="所在区域" required>
        {TOWNSHIPS.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="address.community" label="小区名称" />
      <FormTextField control={control} name="address.address" label="详细地址" required />
      <LocationBlock control={control} />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <FormTextField control={control} name="contact_name" label="联系人" sx={{ flex: 1 }} />
        <FormTextField
          control={control}
          name="contact_phone"
          label="联系电话"
          required
          inputMode="tel"
          sx={{ flex: 1 }}
        />
      </Stack>
      <FormTextField
        control={control}
        name="panorama_url"
        label="360°全景链接（选填）"
        placeholder="https://"
      />
    </>
  );
}
