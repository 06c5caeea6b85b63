import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { PAGE_SIZE } from '@couchdb/model/constants';
import {
  OPERATION_TYPE_LABELS,
  OPERATION_TYPES,
  OPLOG_MESSAGES,
  type OperationType,
} from '@couchdb/model/oplog-facts';
import { ROLE_SHORT_LABELS, type UserRole } from '@couchdb/model/roles';
import { filterOplog, oplogOperators } from '@couchdb/rules/admin-listings';
import { formatLogTime } from '@couchdb/rules/format';
import { logStatusLabel } from '@couchdb/rules/property-status';
import { useNow } from '@client/components/use-now';
import { ListState } from '@client/components/list-state';
import { FilterSelect } from '@client/components/list-filters';
import { useOplog } from '@client/data/hooks/use-admin';

const TYPE_COLORS: Partial<Record<OperationType, 'success' | 'error' | 'warning' | 'info'>> = {
  create: 'info',
  approve: 'success',
  reject: 'error',
  delete: 'error',
  publish: 'success',
  unpublish: 'warning',
};

const roleLabel = (role: string) =>
  role === 'system' ? '系统' : (ROLE_SHORT_LABELS[role as UserRole] ?? role);

/**
 * The operation log (product §2, §3, §7): the gateway's record of every listing write, view,
 * favourite and contact, newest first, filtered by type, operator and date range, 20 at a time.
 * With `propertyId` it is one listing's log (the panel embedded on a listing).
 */
export function OplogPanel({ propertyId }: { propertyId?: string }) {
  const { data: entries, error, reload } = useOplog(true, propertyId);
  const [type, setType] = useState('');
  const [operator, setOperator] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);

  const operators = useMemo(() => oplogOperators(entries ?? []), [entries]);
  const matching = useMemo(
    () =>
      entries &&
      filterOplog(entries, {
        ...(propertyId ? { propertyId } : {}),
        ...(type ? { type: type as OperationType } : {}),
        ...(operator ? { operatorId: operator } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      }),
    [entries, propertyId, type, operator, from, to],
  );
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setShown(PAGE_SIZE);
    };
  const now = useNow();

  return (
    <Stack spacing={1.5} data-testid="oplog-panel">
      <Card sx={{ p: { xs: 1.5, md: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <FilterSelect
            label="操作类型"
            value={type}
            onChange={reset(setType)}
            anyLabel="全部"
            options={OPERATION_TYPES.map((t) => ({ value: t, label: OPERATION_TYPE_LABELS[t] }))}
          />
          <FilterSelect
            label="操作人"
            value={operator}
            onChange={reset(setOperator)}
            anyLabel="全部"
            options={operators.map((o) => ({
              value: o.id,
              label: `${o.name}（${roleLabel(o.role)}）`,
            }))}
            minWidth={140}
          />
          <TextField
            size="small"
            type="date"
            label="开始日期"
            value={from}
            onChange={(e) => reset(setFrom)(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            type="date"
            label="结束日期"
            value={to}
            onChange={(e) => reset(setTo)(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          />
        </Stack>
      </Card>
      <ListState
        rows={matching}
        failure={{ message: error ? OPLOG_MESSAGES.loadFailed : null, onReload: reload }}
        skeleton={{ height: 72, spacing: 1 }}
        empty={{ icon: <HistoryOutlined fontSize="inherit" />, title: OPLOG_MESSAGES.empty }}
      >
        {(rows) => (
          <>
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
              共 {rows.length} 条记录
            </Typography>
            <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {rows.slice(0, shown).map((e) => (
                <Card
                  component="li"
                  key={e.id}
                  data-testid="oplog-entry"
                  data-type={e.operation_type}
                  sx={{ p: 1.5 }}
                >
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Chip
                      size="small"
                      color={TYPE_COLORS[e.operation_type] ?? 'default'}
                      label={OPERATION_TYPE_LABELS[e.operation_type]}
                    />
                    <Typography sx={{ fontSize: 14, flexGrow: 1, minWidth: 0 }}>
                      {e.operation_description}
                    </Typography>
                    <Typography
                      component="time"
                      dateTime={e.created_at}
                      sx={{ fontSize: 12, color: 'text.secondary' }}
                    >
                      {formatLogTime(e.created_at, now)}
                    </Typography>
                  </Stack>
                  <Typography
                    sx={{ fontSize: 12, color: 'text.secondary', mt: 0.5 }}
                    data-testid="oplog-operator"
                  >
                    操作人：
                    {e.operator_name || (e.operator_role === 'system' ? '访客' : '未命名用户')}（
                    {roleLabel(e.operator_role)}）
                    {!propertyId && e.property_title && (
                      <>
                        {' · '}房源：{e.property_title}
                        {e.property_address ? `（${e.property_address}）` : ''}
                      </>
                    )}
                    {logStatusLabel(e.property_status, e.new_data?.audit_status) &&
                      ` · 状态：${logStatusLabel(e.property_status, e.new_data?.audit_status)}`}
                  </Typography>
                </Card>
              ))}
            </Stack>
            {rows.length > shown && (
              <Button onClick={() => setShown((n) => n + PAGE_SIZE)} sx={{ alignSelf: 'center' }}>
                加载更多（还有 {rows.length - shown} 条）
              </Button>
            )}
          </>
        )}
      </ListState>
    </Stack>
  );
}
