import { ROLE_SHORT_LABELS } from '@couchdb/model/roles';
import {
  USER_ROLE_FILTERS,
  USER_STATE_FILTERS,
  USER_STATE_LABELS,
  type AdminUserFilter,
} from '@couchdb/rules/admin-users';
import { FilterSelect, ListFilterCard, ListSearchField } from '@client/components/list-filters';

const ANY = '全部';

/** The user list's search (name or phone), role and enabled-state filters. */
export function UserFilters({
  filter,
  onChange: update,
}: {
  filter: AdminUserFilter;
  onChange: (change: Partial<AdminUserFilter>) => void;
}) {
  return (
    <ListFilterCard>
      <ListSearchField
        value={filter.keyword}
        onChange={(keyword) => update({ keyword })}
        label="搜索用户"
        placeholder="搜索姓名或手机号"
      />
      <FilterSelect
        label="角色"
        value={filter.role}
        onChange={(v) => update({ role: v as AdminUserFilter['role'] })}
        options={USER_ROLE_FILTERS.map((v) => ({
          value: v,
          label: v === 'all' ? ANY : ROLE_SHORT_LABELS[v],
        }))}
      />
      <FilterSelect
        label="状态"
        value={filter.state}
        onChange={(v) => update({ state: v as AdminUserFilter['state'] })}
        options={USER_STATE_FILTERS.map((v) => ({
          value: v,
          label: v === 'all' ? ANY : USER_STATE_LABELS[v],
        }))}
      />
    </ListFilterCard>
  );
}
