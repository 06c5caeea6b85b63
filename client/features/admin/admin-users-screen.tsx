import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import { ROLE_LABELS } from '@couchdb/model/roles';
import { USER_ADMIN_MESSAGES } from '@couchdb/model/user-facts';
import { pageCount, pageOf } from '@couchdb/rules/admin-listings';
import {
  adminUserLabel,
  DEFAULT_USER_FILTER,
  filterAdminUsers,
  type AdminUserFilter,
} from '@couchdb/rules/admin-users';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { ListState } from '@client/components/list-state';
import { PageHeader } from '@client/components/page-header';
import { Pager } from '@client/components/pager';
import { useSyncSettled } from '@client/data/hooks';
import { useAllUsers } from '@client/data/hooks/use-admin';
import type { UserDoc } from '@client/data/schemas/user.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { useOnlineStatus } from '@client/pwa/online-status';
import { AdminGate } from './components/admin-gate';
import { AdminUserCard } from './components/admin-user-card';
import { UserDetailDialog } from './components/user-detail-dialog';
import { UserEditDialog } from './components/user-edit-dialog';
import { UserFilters } from './components/user-filters';
import { useUserActions } from './use-user-actions';

/**
 * 用户管理 (product §2 "Admin users"): every account from the admin's device (live), searched and
 * filtered, 20 per page; details, edit, enable/disable, role and delete. The actions go to the
 * gateway (they need a connection) and the list follows through the users feed.
 */
export default function AdminUsersScreen() {
  return (
    <AdminGate>
      <UserConsole />
    </AdminGate>
  );
}

function UserConsole() {
  const { user: me } = useAuth();
  const { data: all, error, reload } = useAllUsers(me?.user_type === 'admin');
  const settled = useSyncSettled('users');
  const online = useOnlineStatus();
  const actions = useUserActions();
  const [filter, setFilter] = useState<AdminUserFilter>(DEFAULT_USER_FILTER);
  const [page, setPage] = useState(1);
  // Ids, so the dialogs show the account as it is now (a role change arrives through sync).
  const [detailId, setDetailId] = useState<string | null>(null);
  const [editing, setEditing] = useState<UserDoc | null>(null);
  const [deleting, setDeleting] = useState<UserDoc | null>(null);
  /** An action that waits for the admin's confirmation (disabling, giving or taking admin rights). */
  const [confirming, setConfirming] = useState<{
    title: string;
    message: string;
    label: string;
    run(): void;
  } | null>(null);

  const shown = useMemo(() => (all ? filterAdminUsers(all, filter) : undefined), [all, filter]);
  const pages = pageCount(shown?.length ?? 0);
  const current = Math.min(page, pages);
  const rows = shown ? pageOf(shown, current) : [];
  const detail = (detailId && all?.find((u) => u.id === detailId)) || null;
  const update = (change: Partial<AdminUserFilter>) => {
    setFilter((f) => ({ ...f, ...change }));
    setPage(1);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Button component={RouterLink} to="/admin" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
        返回管理后台
      </Button>
      <PageHeader title="用户管理" count={shown ? `共 ${shown.length} 人` : undefined} />
      {!online && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="users-offline">
          {USER_ADMIN_MESSAGES.offline}
        </Alert>
      )}
      <UserFilters filter={filter} onChange={update} />
      <ListState
        rows={shown}
        settled={settled}
        failure={{ message: error ? USER_ADMIN_MESSAGES.loadFailed : null, onReload: reload }}
        skeleton={{ height: 110 }}
        empty={{ icon: <GroupOutlined fontSize="inherit" />, title: '没有符合条件的用户' }}
      >
        {() => (
          <Stack spacing={1.5} data-testid="admin-user-list">
            {rows.map((u) => (
              <AdminUserCard
                key={u.id}
                user={u}
                self={u.id === me?.id}
                offline={!online}
                actions={{
                  onDetail: () => setDetailId(u.id),
                  onEdit: () => setEditing(u),
                  onEnabled: (enabled) => {
                    if (enabled) void actions.setEnabled(u.id, true);
                    else
                      setConfirming({
                        title: '禁用账号',
                        message: USER_ADMIN_MESSAGES.disableConfirm(adminUserLabel(u)),
                        label: '禁用',
                        run: () => void actions.setEnabled(u.id, false),
                      });
                  },
                  onDelete: () => setDeleting(u),
                }}
              />
            ))}
          </Stack>
        )}
      </ListState>
      <Pager page={current} pages={pages} onPage={setPage} />
      <UserDetailDialog
        user={detail}
        self={detail?.id === me?.id}
        offline={!online}
        onRole={(role) => {
          if (!detail) return;
          const change = () => void actions.setRole(detail.id, role);
          if (role !== 'admin' && detail.user_type !== 'admin') change();
          else
            setConfirming({
              title: '修改角色',
              message: USER_ADMIN_MESSAGES.roleConfirm(
                adminUserLabel(detail),
                ROLE_LABELS[role],
                role === 'admin',
              ),
              label: '确定',
              run: change,
            });
        }}
        onClose={() => setDetailId(null)}
      />
      {editing && (
        <UserEditDialog
          user={editing}
          onSave={(change) => actions.update(editing.id, change)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="删除用户"
        message={deleting ? USER_ADMIN_MESSAGES.deleteConfirm(adminUserLabel(deleting)) : ''}
        confirmLabel="删除"
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void actions.remove(deleting.id)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.title ?? ''}
        message={confirming?.message ?? ''}
        confirmLabel={confirming?.label ?? '确定'}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming?.run()}
      />
    </Container>
  );
}
