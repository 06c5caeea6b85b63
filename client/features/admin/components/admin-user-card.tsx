import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { SMALL_BUTTON_ROW_SX } from '@client/components/look';
import { ROLE_BADGE_COLORS } from '@couchdb/model/roles';
import { RoleChip } from '@client/components/role-chip';
import { USER_ADMIN_MESSAGES } from '@couchdb/model/user-facts';
import { adminUserLabel, USER_STATE_LABELS } from '@couchdb/rules/admin-users';
import { ACCESS_MESSAGES } from '@couchdb/rules/access';
import { formatDate } from '@couchdb/rules/format';
import type { UserDoc } from '@client/data/schemas/user.schema';
import { avatarSrc } from '@client/lib/session/display-name';

export function StateChip({ enabled }: { enabled: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={enabled ? 'success' : 'default'}
      label={enabled ? USER_STATE_LABELS.enabled : USER_STATE_LABELS.disabled}
      data-testid="user-state"
    />
  );
}

/** A button that, when `reason` is given, is disabled and says why on hover and focus. */
export function ReasonButton({
  reason,
  disabled,
  children,
  ...props
}: {
  reason?: string | null;
  disabled?: boolean;
  children: ReactNode;
  onClick(): void;
  color?: 'primary' | 'error' | 'warning' | 'success';
  variant?: 'text' | 'outlined' | 'contained';
}) {
  const button = (
    <Button size="small" disabled={disabled || !!reason} {...props}>
      {children}
    </Button>
  );
  return reason ? (
    <Tooltip title={reason}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

export interface UserCardActions {
  onDetail(): void;
  onEdit(): void;
  onEnabled(enabled: boolean): void;
  onDelete(): void;
}

/**
 * An account as the admin sees it: avatar or initial, name or phone, phone, role badge, enabled
 * state, registration date; details, edit, enable/disable and delete (never on one's own account;
 * account actions need a connection, `offline` disables them).
 */
export function AdminUserCard({
  user: u,
  self,
  offline,
  actions,
}: {
  user: UserDoc;
  self: boolean;
  offline: boolean;
  actions: UserCardActions;
}) {
  const label = adminUserLabel(u);
  return (
    <Card data-testid="admin-user-card" data-user-id={u.id} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Avatar src={avatarSrc(u)} sx={{ bgcolor: `${ROLE_BADGE_COLORS[u.user_type]}.main` }}>
          {label.slice(0, 1)}
        </Avatar>
        <Stack sx={{ flexGrow: 1, minWidth: 0 }} spacing={0.5}>
          <Stack
            useFlexGap
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <Typography sx={{ fontWeight: 600 }} noWrap data-testid="user-name">
              {label}
            </Typography>
            <RoleChip role={u.user_type} />
            <StateChip enabled={u.is_verified} />
            {self && <Chip size="small" label="当前账号" />}
          </Stack>
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
            {u.phone} · 注册于 {formatDate(u.created_at)}
          </Typography>
          <Stack direction="row" sx={{ ...SMALL_BUTTON_ROW_SX, ml: -0.75 }}>
            <Button size="small" onClick={actions.onDetail}>
              详情
            </Button>
            <Button size="small" onClick={actions.onEdit} disabled={offline}>
              编辑
            </Button>
            <ReasonButton
              reason={self ? USER_ADMIN_MESSAGES.ownStatus : null}
              disabled={offline}
              color={u.is_verified ? 'warning' : 'success'}
              onClick={() => actions.onEnabled(!u.is_verified)}
            >
              {u.is_verified ? '禁用' : '启用'}
            </ReasonButton>
            <ReasonButton
              reason={self ? ACCESS_MESSAGES.cannotDeleteSelf : null}
              disabled={offline}
              color="error"
              onClick={actions.onDelete}
            >
              删除
            </ReasonButton>
          </Stack>
        </Stack>
      </Stack>
    </Card>
  );
}
