import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Controller, type Control } from 'react-hook-form';
import type { PropertyForm } from '@couchdb/model/property';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type PropertyType,
} from '@couchdb/model/property-facts';
import type { ListingFormValues } from '@couchdb/rules/listing-form';
import { FormTextField } from '@client/components/form/form-text-field';

/** Step 1 of the publish form: the title and whether the home is for sale or for rent. */
export function BasicInfoStep({
  control,
}: {
  control: Control<ListingFormValues, unknown, PropertyForm>;
}) {
  return (
    <>
      <FormTextField control={control} name="title" label="房源标题" required />
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <ToggleButtonGroup
            exclusive
            fullWidth
            color="primary"
            value={field.value}
            onChange={(_e, v: PropertyType | null) => v && field.onChange(v)}
            aria-label="房源类型"
          >
            {PROPERTY_TYPES.map((t) => (
              <ToggleButton key={t} value={t}>
                {PROPERTY_TYPE_LABELS[t]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      />
    </>
  );
}
