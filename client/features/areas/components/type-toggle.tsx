import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type PropertyType,
} from '@couchdb/model/property-facts';

/** 出售 / 出租: which figures the area rows show. */
export function TypeToggle({
  value,
  onChange,
}: {
  value: PropertyType;
  onChange: (type: PropertyType) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label="房源类型"
      onChange={(_, next: PropertyType | null) => next && onChange(next)}
    >
      {PROPERTY_TYPES.map((t) => (
        <ToggleButton key={t} value={t} sx={{ px: 2.5 }}>
          {PROPERTY_TYPE_LABELS[t]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
