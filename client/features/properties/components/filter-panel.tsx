import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AREA_BANDS, ROOM_LABELS, ROOM_OPTIONS, TOWNSHIPS } from '@couchdb/model/constants';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type PropertyType,
} from '@couchdb/model/property-facts';
import { LIFT_LABELS, PROPERTY_FACT_LABELS } from '@couchdb/model/listing-fact-labels';
import { VERIFICATION_MESSAGES } from '@couchdb/model/verification-facts';
import {
  DECORATIONS,
  RENTAL_MODES,
  USAGES,
  type Decoration,
  type RentalMode,
  type Usage,
} from '@couchdb/model/listing-facts';
import {
  ORIENTATION_FILTERS,
  priceBandsFor,
  type OrientationFilter,
  type PropertyFilter,
} from '@couchdb/rules/property-filter';
import {
  PROPERTY_SORT_LABELS,
  PROPERTY_SORTS,
  type PropertySort,
} from '@couchdb/rules/property-order';
import { touchReach } from '@client/components/look';

/**
 * A filter chip's hit area on a touch screen: half the group's gaps (12 px between lines, 8 px
 * between chips) beyond its border, so a touch in a gap goes to the nearer chip.
 */
const CHIP_REACH = touchReach(7, 5);

interface Option<V> {
  value: V | undefined;
  label: string;
}

const ANY: Option<never> = { value: undefined, label: '不限' };

function FilterRow<V extends string | number>({
  label,
  options,
  value,
  onChange,
  hint,
}: {
  label: string;
  options: Option<V>[];
  value: V | undefined;
  onChange(value: V | undefined): void;
  hint?: string;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.75, sm: 2 }}
      sx={{ alignItems: { sm: 'baseline' } }}
    >
      <Typography
        component="h2"
        sx={{ fontSize: 14, color: 'text.secondary', width: { sm: 48 }, flexShrink: 0 }}
      >
        {label}
      </Typography>
      <Box
        role="group"
        aria-label={label}
        // On a touch screen the lines are 12 px apart, and each chip's hit area reaches half way
        // into the gaps around it (CHIP_REACH): 42 px high, never a neighbour's.
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          '@media (pointer: coarse)': { rowGap: 1.5 },
        }}
      >
        {hint ? (
          <Typography sx={{ fontSize: 13, color: 'text.secondary', py: 0.5 }}>{hint}</Typography>
        ) : (
          options.map((option) => {
            const selected = option.value === value;
            return (
              <Chip
                key={option.label}
                label={option.label}
                component="button"
                aria-pressed={selected}
                clickable
                onClick={() => onChange(option.value)}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                size="small"
                sx={{ fontSize: 13, height: 30, px: 0.5, borderRadius: '8px', ...CHIP_REACH }}
              />
            );
          })
        )}
      </Box>
    </Stack>
  );
}

interface FilterPanelProps {
  filter: PropertyFilter;
  onChange(next: PropertyFilter): void;
  onReset(): void;
}

/**
 * The collapsible panel (product §2, §9): type, the six townships, price bands by type (万 for sale,
 * 元/月 for rent), area bands, rooms 1–5 (5 = 5 or more), the structured facts (issue 18: 朝向,
 * 装修, 电梯, 用途, and 整租/合租 for a rent) and sort.
 */
export function FilterPanel({ filter, onChange, onReset }: FilterPanelProps) {
  const set = (patch: Partial<PropertyFilter>) => onChange({ ...filter, ...patch });
  return (
    <Stack spacing={1.75} data-testid="filter-panel">
      <FilterRow<PropertyType>
        label="类型"
        options={[
          ANY,
          ...PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] })),
        ]}
        value={filter.type}
        // The price bands differ by type, so a chosen band does not survive a type change.
        onChange={(type) => set({ type, price: type === filter.type ? filter.price : undefined })}
      />
      <FilterRow<string>
        label="区域"
        options={[ANY, ...TOWNSHIPS.map((t) => ({ value: t as string, label: t }))]}
        value={filter.location}
        onChange={(location) => set({ location })}
      />
      <FilterRow<string>
        label="价格"
        options={
          filter.type
            ? [ANY, ...priceBandsFor(filter.type).map((b) => ({ value: b.key, label: b.label }))]
            : []
        }
        value={filter.price}
        onChange={(price) => set({ price })}
        hint={filter.type ? undefined : '请先选择出售或出租，再按价格筛选'}
      />
      <FilterRow<string>
        label="面积"
        options={[ANY, ...AREA_BANDS.map((b) => ({ value: b.key, label: b.label }))]}
        value={filter.area}
        onChange={(area) => set({ area })}
      />
      <FilterRow<number>
        label="户型"
        options={[ANY, ...ROOM_OPTIONS.map((n) => ({ value: n as number, label: ROOM_LABELS[n] }))]}
        value={filter.rooms}
        onChange={(rooms) => set({ rooms })}
      />
      <FilterRow<OrientationFilter>
        label={PROPERTY_FACT_LABELS.orientation}
        options={[ANY, ...ORIENTATION_FILTERS.map((o) => ({ value: o, label: o }))]}
        value={filter.orientation}
        onChange={(orientation) => set({ orientation })}
      />
      <FilterRow<Decoration>
        label={PROPERTY_FACT_LABELS.decoration}
        options={[ANY, ...DECORATIONS.map((d) => ({ value: d, label: d }))]}
        value={filter.decoration}
        onChange={(decoration) => set({ decoration })}
      />
      <FilterRow<'yes' | 'no'>
        label={PROPERTY_FACT_LABELS.lift}
        options={[
          ANY,
          { value: 'yes', label: LIFT_LABELS.yes },
          { value: 'no', label: LIFT_LABELS.no },
        ]}
        value={filter.lift === undefined ? undefined : filter.lift ? 'yes' : 'no'}
        onChange={(lift) => set({ lift: lift === undefined ? undefined : lift === 'yes' })}
      />
      <FilterRow<Usage>
        label={PROPERTY_FACT_LABELS.usage}
        options={[ANY, ...USAGES.map((u) => ({ value: u, label: u }))]}
        value={filter.usage}
        onChange={(usage) => set({ usage })}
      />
      {filter.type === 'rent' && (
        <FilterRow<RentalMode>
          label="方式"
          options={[ANY, ...RENTAL_MODES.map((r) => ({ value: r, label: r }))]}
          value={filter.rental_mode}
          onChange={(rental_mode) => set({ rental_mode })}
        />
      )}
      <FilterRow<'yes'>
        label="核验"
        options={[ANY, { value: 'yes', label: VERIFICATION_MESSAGES.filterVerified }]}
        value={filter.verified ? 'yes' : undefined}
        onChange={(v) => set({ verified: v === 'yes' ? true : undefined })}
      />
      <FilterRow<PropertySort>
        label="排序"
        options={PROPERTY_SORTS.map((s) => ({ value: s, label: PROPERTY_SORT_LABELS[s] }))}
        value={filter.sort ?? 'time_desc'}
        onChange={(sort) => set({ sort })}
      />
      <Box>
        <Button size="small" onClick={onReset}>
          清空筛选
        </Button>
      </Box>
    </Stack>
  );
}
