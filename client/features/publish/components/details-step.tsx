import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, type Control } from 'react-hook-form';
import { PRESET_FEATURE_TAGS } from '@couchdb/model/constants';
import { addCustomTag, type PropertyForm } from '@couchdb/model/property';
import type { ListingFormValues } from '@couchdb/rules/listing-form';
import { FormTextField } from '@client/components/form/form-text-field';
import { useToast } from '@client/components/toast/toast-context';

type FormControl = Control<ListingFormValues, unknown, PropertyForm>;

/** Step 2 of the publish form: rooms, area, description and the feature tags. */
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
      <FormTextField
        control={control}
        name="description"
        label="房源描述"
        required
        multiline
        minRows={4}
      />
      <FeatureTags control={control} />
    </>
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
