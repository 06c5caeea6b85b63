import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { PRESET_FEATURE_TAGS } from '@couchdb/model/constants';
import type { PropertyForm } from '@couchdb/model/property';
import { addCustomTag } from '@couchdb/model/property-facts';
import { DECORATIONS, RENTAL_MODES, USAGES } from '@couchdb/model/listing-facts';
import { ORIENTATIONS, PAYMENT_TERMS } from '@couchdb/model/listing-choice-facts';
import { LIFT_LABELS, PROPERTY_FACT_LABELS as FL } from '@couchdb/model/listing-fact-labels';
import { VERIFICATION_MESSAGES } from '@couchdb/model/verification-facts';
import type { ListingFormValues } from '@couchdb/rules/listing-form';
import { FormTextField } from '@client/components/form/form-text-field';
import { useToast } from '@client/components/toast/toast-context';

type FormControl = Control<ListingFormValues, unknown, PropertyForm>;

/** Step 2 of the publish form: rooms, area, the structured facts, description, feature tags and verification code. */
export function DetailsStep({ control }: { control: FormControl }) {
  return (
    <>
      <FormTextField
        control={control}
        name="rooms"
        label="户型"
        required
        placeholder="如：3室2厅1卫"
      />
      <FormTextField
        control={control}
        name="area"
        label="面积"
        required
        inputMode="decimal"
        slotProps={{ input: { endAdornment: <InputAdornment position="end">㎡</InputAdornment> } }}
      />
      <ListingFacts control={control} />
      <FormTextField
        control={control}
        name="description"
        label="房源描述"
        required
        multiline
        minRows={4}
      />
      <FeatureTags control={control} />
      <FormTextField
        control={control}
        name="verification_code"
        label={VERIFICATION_MESSAGES.codeLabel}
        placeholder="如：110123456789"
        helperText={VERIFICATION_MESSAGES.codeHelp}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', maxLength: 40 } }}
      />
    </>
  );
}

const half = { flex: 1, minWidth: 0 } as const;

/** A choice among `options`, blank allowed (every fact is optional). */
function FactSelect({
  control,
  name,
  label,
  options,
}: {
  control: FormControl;
  name: FieldPath<ListingFormValues>;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FormTextField control={control} name={name} select label={label} sx={half}>
      <MenuItem value="">
        <em>不填</em>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** Floor, orientation, decoration, year, lift, usage and, for a rent, its mode and payment. */
function ListingFacts({ control }: { control: FormControl }) {
  const type = useWatch({ control, name: 'type' });
  return (
    <Stack spacing={2} data-testid="listing-facts">
      <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>房屋信息（选填）</Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          control={control}
          name="facts.floor"
          label={FL.floor}
          inputMode="numeric"
          sx={half}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">层</InputAdornment> },
          }}
        />
        <FormTextField
          control={control}
          name="facts.total_floors"
          label={FL.total_floors}
          inputMode="numeric"
          sx={half}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">层</InputAdornment> },
          }}
        />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <FactSelect
          control={control}
          name="facts.orientation"
          label={FL.orientation}
          options={asOptions(ORIENTATIONS)}
        />
        <FactSelect
          control={control}
          name="facts.decoration"
          label={FL.decoration}
          options={asOptions(DECORATIONS)}
        />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          control={control}
          name="facts.year_built"
          label={FL.year_built}
          inputMode="numeric"
          placeholder="如：2015"
          sx={half}
        />
        <FactSelect
          control={control}
          name="facts.lift"
          label={FL.lift}
          options={[
            { value: 'yes', label: LIFT_LABELS.yes },
            { value: 'no', label: LIFT_LABELS.no },
          ]}
        />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <FactSelect
          control={control}
          name="facts.usage"
          label={FL.usage}
          options={asOptions(USAGES)}
        />
        {type === 'rent' ? (
          <FactSelect
            control={control}
            name="facts.rental_mode"
            label={FL.rental_mode}
            options={asOptions(RENTAL_MODES)}
          />
        ) : (
          <Box sx={half} />
        )}
      </Stack>
      {type === 'rent' && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <FactSelect
            control={control}
            name="facts.payment"
            label={FL.payment}
            options={asOptions(PAYMENT_TERMS)}
          />
          <Box sx={half} />
        </Stack>
      )}
    </Stack>
  );
}

/** The preset tags and the user's own (at most 4 characters each), chosen by a click. */
function FeatureTags({ control }: { control: FormControl }) {
  const toast = useToast();
  const { field, fieldState } = useController({ control, name: 'features' });
  const [tag, setTag] = useState('');
  const features = field.value;
  const customTags = features.filter(
    (t) => !(PRESET_FEATURE_TAGS as readonly string[]).includes(t),
  );
  const toggle = (t: string) =>
    field.onChange(features.includes(t) ? features.filter((f) => f !== t) : [...features, t]);
  const add = () => {
    const result = addCustomTag(features, tag);
    if (!result.ok) {
      toast.warning(result.message);
      return;
    }
    field.onChange(result.tags);
    setTag('');
  };
  const onTagKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return (
    <Box>
      <Typography sx={{ fontSize: 14, mb: 1 }}>房源特色</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {[...PRESET_FEATURE_TAGS, ...customTags].map((t) => (
          <Chip
            key={t}
            label={t}
            clickable
            color={features.includes(t) ? 'primary' : 'default'}
            variant={features.includes(t) ? 'filled' : 'outlined'}
            onClick={() => toggle(t)}
            aria-pressed={features.includes(t)}
          />
        ))}
      </Stack>
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <TextField
          size="small"
          label="自定义标签"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          onKeyDown={onTagKey}
          helperText="最多4个字"
        />
        <Button variant="outlined" onClick={add} sx={{ alignSelf: 'flex-start', mt: 0.25 }}>
          添加
        </Button>
      </Stack>
    </Box>
  );
}
