import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { combineLatest, map } from 'rxjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { ADMIN_ACTION_LABELS } from '@couchdb/model/admin-log-facts';
import { OPERATION_TYPE_LABELS } from '@couchdb/model/oplog-facts';
import { filterOplog, pendingListings } from '@couchdb/rules/admin-listings';
import { formatLogTime } from '@couchdb/rules/format';
import { useNow } from '@client/components/use-now';
import { useLiveQuery } from '@client/data/hooks';
import { useAdminLog, useAllProperties, useOplog } from '@client/data/hooks/use-admin';
import { useAuth } from '@client/lib/session/auth-context';
import { PageHeader } from '@client/components/page-header';
import { AdminGate } from './components/admin-gate';
import { StatCards } from './components/stat-cards';

const MODULES = [
  {
    to: '/admin/audit',
    title: '房源审核',
    text: '审核新发布和修改后的房源',
    icon: <FactCheckOutlined />,
  },
  {
    to: '/admin/properties',
    title: '房源管理',
    text: '上下架、删除、优先展示和操作日志',
    icon: <HomeWorkOutlined />,
  },
  {
    to: '/admin/users',
    title: '用户管理',
    text: '查看用户、修改角色和启用状态',
    icon: <GroupOutlined />,
  },
  {
    to: '/admin/news',
    title: '资讯管理',
    text: '发布和编辑房产资讯',
    icon: <ArticleOutlined />,
  },
  {
    to: '/admin/demands',
    title: '需求管理',
    text: '查看和处理求购求租需求',
    icon: <ManageSearchOutlined />,
  },
  {
    to: '/admin/settings',
    title: '系统设置',
    text: '默认联系电话、审核开关和图片上限',
    icon: <SettingsOutlined />,
  },
] as const;

const RECENT_ACTIVITY = 5;

/**
 * 管理后台 (product §2 "Admin console"): figures counted from the admin's device (every listing,
 * user, demand and article syncs to it), the modules, the latest entries of the operation log and
 * quick actions.
 */
export default function AdminDashboardScreen() {
  return (
    <AdminGate>
      <Dashboard />
    </AdminGate>
  );
}

function Dashboard() {
  const { user } = useAuth();
  const admin = user?.user_type === 'admin';
  const { data: properties } = useAllProperties(admin);
  const { data: log } = useOplog(admin);
  const { data: adminLog } = useAdminLog(admin);
  const { data: counts } = useLiveQuery('admin:counts', (db) =>
    combineLatest([db.users.count().$, db.demands.count().$, db.news.count().$]).pipe(
      map(([users, demands, news]) => ({ users, demands, news })),
    ),
  );
  const stats = useMemo(
    () => ({
      total: properties?.filter((p) => p.status !== 'deleted').length ?? 0,
      // The review queue's count (a deleted listing is no longer waiting for review).
      pending: properties ? pendingListings(properties).length : 0,
    }),
    [properties],
  );
  // The latest listing operations and admin actions together, newest first.
  const recent = useMemo(
    () =>
      [
        ...filterOplog(log ?? [], {})
          .slice(0, RECENT_ACTIVITY)
          .map((e) => ({ ...e, label: OPERATION_TYPE_LABELS[e.operation_type] })),
        ...(adminLog ?? []).map((e) => ({ ...e, label: ADMIN_ACTION_LABELS[e.operation_type] })),
      ]
        .sort((a, b) => (a.created_at === b.created_at ? 0 : a.created_at < b.created_at ? 1 : -1))
        .slice(0, RECENT_ACTIVITY),
    [log, adminLog],
  );
  const now = useNow();

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title="管理后台" />
      <StatCards
        loading={!properties || !counts}
        cards={[
          { label: '在库房源', value: stats.total },
          { label: '待审核房源', value: stats.pending, color: 'warning.main' },
          { label: '注册用户', value: counts?.users ?? 0 },
          { label: '求购求租需求', value: counts?.demands ?? 0 },
        ]}
      />
      <Typography component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        管理模块
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          mb: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {MODULES.map((m) => (
          <Card key={m.to}>
            <CardActionArea component={RouterLink} to={m.to} sx={{ p: 2, height: '100%' }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Box sx={{ color: 'primary.main', display: 'grid' }}>{m.icon}</Box>
                <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{m.title}</Typography>
                {m.to === '/admin/audit' && stats.pending > 0 && (
                  <Chip size="small" color="warning" label={stats.pending} />
                )}
                {m.to === '/admin/news' && counts && (
                  <Chip size="small" data-testid="news-count" label={`${counts.news} 篇`} />
                )}
              </Stack>
              <Typography sx={{ fontSize: 13, color: 'text.secondary', mt: 0.75 }}>
                {m.text}
              </Typography>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card sx={{ p: 2, flex: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
              最近动态
            </Typography>
            <Button size="small" component={RouterLink} to="/admin/properties?tab=log">
              查看全部
            </Button>
          </Stack>
          {recent.length === 0 ? (
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>暂无操作记录</Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {recent.map((e) => (
                <Stack component="li" key={e.id} direction="row" spacing={1}>
                  <Chip size="small" label={e.label} />
                  <Typography sx={{ fontSize: 14, flexGrow: 1, minWidth: 0 }} noWrap>
                    {e.operation_description}
                  </Typography>
                  <Typography sx={{ fontSize: 12, color: 'text.secondary', flexShrink: 0 }}>
                    {formatLogTime(e.created_at, now)}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          )}
        </Card>
        <Card sx={{ p: 2, flex: 1 }}>
          <Typography component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            快捷操作
          </Typography>
          <Stack spacing={1}>
            <Button variant="contained" component={RouterLink} to="/admin/audit">
              审核房源{stats.pending > 0 ? `（${stats.pending}）` : ''}
            </Button>
            <Button variant="outlined" component={RouterLink} to="/admin/properties">
              管理房源
            </Button>
            <Button variant="outlined" component={RouterLink} to="/publish/property">
              发布房源
            </Button>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
