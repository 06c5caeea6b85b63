import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import type { PropertyCardLayout } from './property-card';

/**
 * 网格 / 列表: how a listing screen lays out its cards. `wideOnly`: shown from the laptop width
 * on (a screen whose grid is one column on a phone, where both would look the same).
 */
export function LayoutToggle({
  value,
  onChange,
  wideOnly = false,
}: {
  value: PropertyCardLayout;
  onChange(layout: PropertyCardLayout): void;
  wideOnly?: boolean;
}) {
  return (
    <ToggleButtonGroup
      sx={wideOnly ? { display: { xs: 'none', md: 'inline-flex' } } : undefined}
      size="small"
      exclusive
      value={value}
      onChange={(_e, next: PropertyCardLayout | null) => next && onChange(next)}
      aria-label="显示方式"
    >
      <ToggleButton value="grid" aria-label="网格显示">
        <GridViewOutlined fontSize="small" />
      </ToggleButton>
      <ToggleButton value="list" aria-label="列表显示">
        <ViewListOutlined fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
