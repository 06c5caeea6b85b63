import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

/** The live search box of a user's lists (favourites, my listings, my demands). */
export function ListSearchField({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange(value: string): void;
  /** Accessible name, e.g. 搜索收藏. */
  label: string;
  placeholder: string;
}) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      slotProps={{
        htmlInput: { 'aria-label': label, type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ flex: 2 }}
    />
  );
}

/**
 * A filter select of those lists: `anyLabel` ('全部', '不限') for no filter (value ''), then the
 * options; `children` for grouped options.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  options = [],
  anyLabel,
  children,
  minWidth = 110,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options?: readonly { value: string; label: string }[];
  anyLabel?: string;
  children?: ReactNode;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      // '' is a real choice (全部/不限): show it instead of an empty box under a lowered label.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ flex: 1, minWidth }}
    >
      {anyLabel !== undefined && <MenuItem value="">{anyLabel}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
      {children}
    </TextField>
  );
}

/** The filter card above a user's lists: its search field and selects in a row (stacked on phones). */
export function ListFilterCard({
  children,
  stackBelow = 'sm',
}: {
  children: ReactNode;
  /** Below this width the fields stack (the favourites' price select needs the room up to md). */
  stackBelow?: 'sm' | 'md';
}) {
  return (
    <Card sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }}>
      <Stack direction={{ xs: 'column', [stackBelow]: 'row' }} spacing={1.5}>
        {children}
      </Stack>
    </Card>
  );
}
