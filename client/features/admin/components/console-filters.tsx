import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { PROPERTY_TYPE_LABELS } from '@couchdb/model/property-facts';
import {
  ADMIN_AUDIT_FILTERS,
  ADMIN_STATUS_FILTERS,
  ADMIN_TYPE_FILTERS,
  type AdminListingFilter,
} from '@couchdb/rules/admin-listings';
import { PROPERTY_SORT_LABELS, PROPERTY_SORTS } from '@couchdb/rules/property-order';
import { AUDIT_STATUS_LABELS, PROPERTY_STATUS_LABELS } from '@couchdb/rules/property-status';
import { FilterSelect, ListSearchField } from '@client/components/list-filters';

const ANY = '全部';
const label = (value: string, labels: Record<string, string>) =>
  value === 'all' ? ANY : (labels[value] ?? value);

/** The listing console's search, status, review, type and sort (two columns on phones). */
export function ConsoleFilters({
  filter,
  onChange: update,
}: {
  filter: AdminListingFilter;
  onChange: (change: Partial<AdminListingFilter>) => void;
}) {
  return (
    <Card sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr 1.3fr' },
          '& > :first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
        }}
      >
        <ListSearchField
          value={filter.keyword}
          onChange={(keyword) => update({ keyword })}
          label="搜索房源"
          placeholder="搜索标题或描述"
        />
        <FilterSelect
          label="状态"
          value={filter.status}
          onChange={(v) => update({ status: v as AdminListingFilter['status'] })}
          options={ADMIN_STATUS_FILTERS.map((v) => ({
            value: v,
            label: label(v, PROPERTY_STATUS_LABELS),
          }))}
        />
        <FilterSelect
          label="审核"
          value={filter.audit}
          onChange={(v) => update({ audit: v as AdminListingFilter['audit'] })}
          options={ADMIN_AUDIT_FILTERS.map((v) => ({
            value: v,
            label: label(v, AUDIT_STATUS_LABELS),
          }))}
        />
        <FilterSelect
          label="类型"
          value={filter.type}
          onChange={(v) => update({ type: v as AdminListingFilter['type'] })}
          options={ADMIN_TYPE_FILTERS.map((v) => ({
            value: v,
            label: label(v, PROPERTY_TYPE_LABELS),
          }))}
        />
        <FilterSelect
          label="排序"
          value={filter.sort}
          onChange={(v) => update({ sort: v as AdminListingFilter['sort'] })}
          options={PROPERTY_SORTS.map((v) => ({ value: v, label: PROPERTY_SORT_LABELS[v] }))}
          minWidth={0}
        />
      </Box>
    </Card>
  );
}
