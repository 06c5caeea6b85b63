import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ADMIN_LOG_MESSAGES } from '@couchdb/model/admin-log-facts';
import { ROLE_SHORT_LABELS, USER_ROLES, type UserRole } from '@couchdb/model/roles';
import { USER_ADMIN_MESSAGES } from '@couchdb/model/user-facts';
import { accountChanges, adminUserLabel } from '@couchdb/rules/admin-users';
import { formatDateTime, formatLogTime } from '@couchdb/rules/format';
import { useNow } from '@client/components/use-now';
import { useAdminLog, useOwnedCounts } from '@client/data/hooks/use-admin';
import type { UserDoc } from '@client/data/schemas/user.schema';
import { RoleChip } from '@client/components/role-chip';
import { StateChip } from './admin-user-card';
import { ResetPasswordSection } from './reset-password-section';

const RECENT_ACTIONS = 10;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ fontSize: 14, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ fontSize: 14, m: 0, minWidth: 0, wordBreak: 'break-all' }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * 用户详情: the profile, when it registered, how many listings and demands it owns on the admin's
 * device, the role buttons (the current role's disabled; none on one's own account), 重置密码 for
 * a user who forgot theirs, and the latest admin actions on this account. Follows the account live
 * (a role change shows at once).
 */
export function UserDetailDialog({
  user: u,
  self,
  offline,
  onRole,
  onClose,
}: {
  user: UserDoc | null;
  self: boolean;
  offline: boolean;
  onRole(role: UserRole): void;
  onClose(): void;
}) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const counts = useOwnedCounts(u?.id ?? null).data;
  const log = useAdminLog(u !== null, u?.id).data ?? [];
  const recent = [...log]
    .sort((a, b) => (a.created_at === b.created_at ? 0 : a.created_at < b.created_at ? 1 : -1))
    .slice(0, RECENT_ACTIONS);
  const now = useNow();
  return (
    <Dialog open={u !== null} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>用户详情</DialogTitle>
      {u && (
        <DialogContent data-testid="user-detail">
          <Stack
            useFlexGap
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}
          >
            <Typography sx={{ fontWeight: 600, fontSize: 18 }}>{adminUserLabel(u)}</Typography>
            <RoleChip role={u.user_type} />
            <StateChip enabled={u.is_verified} />
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}
          >
            <Field label="姓名">{u.name || '未填写'}</Field>
            <Field label="手机号">{u.phone}</Field>
            {u.company && <Field label="公司">{u.company}</Field>}
            {u.position && <Field label="职位">{u.position}</Field>}
            <Field label="注册时间">{formatDateTime(u.created_at)}</Field>
            <Field label="更新时间">{formatDateTime(u.updated_at)}</Field>
            <Field label="发布房源">
              <span data-testid="owned-listings">{counts?.listings ?? '…'}</span> 套
              {counts && counts.deletedListings > 0 && (
                <Typography component="span" color="textSecondary" sx={{ fontSize: 'inherit' }}>
                  {'（另有 '}
                  <span data-testid="owned-deleted-listings">{counts.deletedListings}</span>
                  {' 套已删除）'}
                </Typography>
              )}
            </Field>
            <Field label="发布需求">
              <span data-testid="owned-demands">{counts?.demands ?? '…'}</span> 条
            </Field>
          </Box>
          <Divider sx={{ my: 2 }} />
          <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            修改角色
          </Typography>
          <Stack direction="row" spacing={1} role="group" aria-label="修改角色">
            {USER_ROLES.map((role) => (
              <Button
                key={role}
                size="small"
                variant={role === u.user_type ? 'contained' : 'outlined'}
                disabled={role === u.user_type || self || offline}
                onClick={() => onRole(role)}
              >
                {ROLE_SHORT_LABELS[role]}
              </Button>
            ))}
          </Stack>
          {(self || offline) && (
            <Typography sx={{ fontSize: 13, color: 'text.secondary', mt: 1 }}>
              {self ? USER_ADMIN_MESSAGES.ownRole : USER_ADMIN_MESSAGES.offline}
            </Typography>
          )}
          <Divider sx={{ my: 2 }} />
          <ResetPasswordSection
            userId={u.id}
            label={adminUserLabel(u)}
            self={self}
            offline={offline}
          />
          <Divider sx={{ my: 2 }} />
          <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {ADMIN_LOG_MESSAGES.title}
          </Typography>
          {recent.length === 0 ? (
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
              {ADMIN_LOG_MESSAGES.empty}
            </Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {recent.map((e) => (
                <Box component="li" key={e.id} data-testid="user-admin-action">
                  <Typography sx={{ fontSize: 14 }}>{e.operation_description}</Typography>
                  {accountChanges(e.old_data, e.new_data).map((line) => (
                    <Typography key={line} sx={{ fontSize: 13, color: 'text.secondary' }}>
                      {line}
                    </Typography>
                  ))}
                  <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                    {e.operator_name
                      ? `${e.operator_name}（${ROLE_SHORT_LABELS[e.operator_role]}）`
                      : ROLE_SHORT_LABELS[e.operator_role]}{' '}
                    · {formatLogTime(e.created_at, now)}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}
