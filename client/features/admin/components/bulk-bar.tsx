import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { PropertyStatus } from '@couchdb/model/property-facts';

const ACTION = {
  flex: { xs: 1, sm: 'none' },
  px: { xs: 0.5, sm: 1.25 },
  whiteSpace: 'nowrap',
} as const;

/** The console's sticky selection bar: select the page, bulk 上架 / 下架 / 删除, clear. */
export function BulkBar({
  pageAllSelected,
  pageSomeSelected,
  selectedCount,
  onSelectPage,
  onBatch,
  onDelete,
  onClear,
}: {
  pageAllSelected: boolean;
  pageSomeSelected: boolean;
  selectedCount: number;
  onSelectPage: (on: boolean) => void;
  onBatch: (to: PropertyStatus) => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  return (
    <Card
      sx={{
        p: 1,
        mb: 2,
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        position: 'sticky',
        top: { xs: 56, md: 64 },
        zIndex: 2,
      }}
    >
      {/* On a phone: the selection on its line, the four actions evenly on the next. */}
      <FormControlLabel
        sx={{ ml: 0.5, mr: 'auto', flexBasis: { xs: '100%', sm: 'auto' } }}
        control={
          <Checkbox
            checked={pageAllSelected}
            indeterminate={!pageAllSelected && pageSomeSelected}
            onChange={(e) => onSelectPage(e.target.checked)}
          />
        }
        label={`全选本页（已选 ${selectedCount} 套）`}
      />
      <Button size="small" variant="outlined" sx={ACTION} onClick={() => onBatch('active')}>
        批量上架
      </Button>
      <Button size="small" variant="outlined" sx={ACTION} onClick={() => onBatch('inactive')}>
        批量下架
      </Button>
      <Button size="small" variant="outlined" color="error" sx={ACTION} onClick={onDelete}>
        批量删除
      </Button>
      <Button size="small" sx={ACTION} onClick={onClear}>
        清除选择
      </Button>
    </Card>
  );
}
