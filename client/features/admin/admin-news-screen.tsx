import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import {
  NEWS_CATEGORIES,
  NEWS_CATEGORY_LABELS,
  NEWS_MESSAGES,
  NEWS_STATUSES,
  NEWS_STATUS_LABELS,
  type NewsCategory,
  type NewsStatus,
} from '@couchdb/model/news-facts';
import { NEWS_ADMIN_MESSAGES, type NewsForm } from '@couchdb/model/news';
import {
  DEFAULT_ADMIN_NEWS_FILTER,
  filterAdminNews,
  type AdminNewsFilter,
} from '@couchdb/rules/admin-news';
import { ListState } from '@client/components/list-state';
import { FilterSelect, ListFilterCard, ListSearchField } from '@client/components/list-filters';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/toast-context';
import { useConfirmedDelete } from '@client/components/use-confirmed-delete';
import { useOpenDevice, useSyncSettled } from '@client/data/hooks';
import { useAllNews } from '@client/data/hooks/use-admin';
import { createNews, deleteNews, updateNews } from '@client/data/writes/news-mutations';
import type { NewsDoc } from '@client/data/schemas/news.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { displayName } from '@client/lib/session/display-name';
import { AdminGate } from './components/admin-gate';
import { AdminNewsCard } from './components/admin-news-card';
import { NewsDialog } from './components/news-dialog';
import { failureMessage } from '@client/pwa/failure-message';

/**
 * 资讯管理 (product §2 "Admin news"): every article on the admin's device (drafts and archived ones
 * too), with search and the category and status filters; add, edit and delete. Writes go to the
 * device first (they work offline) and the gateway checks and sanitises each again.
 */
export default function AdminNewsScreen() {
  return (
    <AdminGate>
      <NewsConsole />
    </AdminGate>
  );
}

function NewsConsole() {
  const { user, request } = useAuth();
  const device = useOpenDevice();
  const toast = useToast();
  const { data: all, error, reload } = useAllNews(user?.user_type === 'admin');
  const settled = useSyncSettled('news');
  const [filter, setFilter] = useState<AdminNewsFilter>(DEFAULT_ADMIN_NEWS_FILTER);
  /** The article in the dialog: 'new', one to edit, or null when closed. */
  const [editing, setEditing] = useState<NewsDoc | 'new' | null>(null);
  const shown = useMemo(() => (all ? filterAdminNews(all, filter) : undefined), [all, filter]);
  const update = (change: Partial<AdminNewsFilter>) => setFilter((f) => ({ ...f, ...change }));

  const remove = useConfirmedDelete({
    title: '删除资讯',
    message: NEWS_ADMIN_MESSAGES.deleteConfirm,
    success: NEWS_MESSAGES.deleted,
    failure: NEWS_MESSAGES.deleteFailed,
    remove: async (id) => {
      if (!device) throw new Error('no database open');
      await deleteNews(device.database, id);
    },
  });

  const save = async (form: NewsForm): Promise<boolean> => {
    const isNew = editing === 'new';
    if (!user) {
      toast.error(NEWS_MESSAGES.notLoggedIn);
      return false;
    }
    try {
      if (!device) throw new Error('no database open');
      if (editing === 'new') {
        await createNews(device.database, { id: user.id, name: displayName(user) }, form);
      } else if (editing) {
        await updateNews(device.database, editing.id, form);
      }
      toast.saved(isNew ? NEWS_MESSAGES.created : NEWS_MESSAGES.updated);
      return true;
    } catch (err) {
      toast.error(
        failureMessage(
          'news save failed',
          err,
          isNew ? NEWS_MESSAGES.createFailed : NEWS_MESSAGES.updateFailed,
        ),
      );
      return false;
    }
  };

  const uploadImage = async (file: File): Promise<string> => {
    const body = new FormData();
    body.append('file', file, file.name);
    const { files } = await request<{ files: { url: string }[] }>('/api/media', {
      method: 'POST',
      body,
    });
    const url = files[0]?.url;
    if (!url) throw new Error(UPLOAD_MESSAGES.imageUrlMissing);
    return url;
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Button component={RouterLink} to="/admin" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
        返回管理后台
      </Button>
      <PageHeader title="资讯管理">
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          添加资讯
        </Button>
      </PageHeader>
      <ListFilterCard>
        <ListSearchField
          value={filter.keyword}
          onChange={(keyword) => update({ keyword })}
          label="搜索资讯"
          placeholder="搜索标题或摘要"
        />
        <FilterSelect
          label="分类"
          value={filter.category}
          onChange={(category) => update({ category: category as '' | NewsCategory })}
          anyLabel="全部"
          options={NEWS_CATEGORIES.map((c) => ({ value: c, label: NEWS_CATEGORY_LABELS[c] }))}
        />
        <FilterSelect
          label="状态"
          value={filter.status}
          onChange={(status) => update({ status: status as '' | NewsStatus })}
          anyLabel="全部"
          options={NEWS_STATUSES.map((s) => ({ value: s, label: NEWS_STATUS_LABELS[s] }))}
        />
      </ListFilterCard>
      <ListState
        rows={shown}
        settled={settled}
        failure={{ message: error ? GENERIC_MESSAGES.loadFailed : null, onReload: reload }}
        skeleton={{ height: 300, count: 3, layout: (cards) => <Grid>{cards}</Grid> }}
        empty={{ icon: <ArticleOutlined fontSize="inherit" />, title: NEWS_MESSAGES.empty }}
      >
        {(rows) => (
          <Grid testId="admin-news-list">
            {rows.map((n) => (
              <AdminNewsCard
                key={n.id}
                article={n}
                onEdit={() => setEditing(n)}
                onDelete={() => remove.ask(n.id)}
              />
            ))}
          </Grid>
        )}
      </ListState>
      {editing !== null && (
        <NewsDialog
          key={editing === 'new' ? 'new' : editing.id}
          article={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={save}
          uploadImage={uploadImage}
        />
      )}
      {remove.dialog}
    </Container>
  );
}

function Grid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {children}
    </Box>
  );
}
