/**
 * 消息 (issue 19): the user's inbox, newest first, unread in bold; tapping an entry marks it read
 * and opens its listing (a digest opens its search's list, and lists its listings); 全部已读. The
 * 我的搜索 tab renames, re-modes or deletes saved searches. Everything reads the device's database.
 */
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import {
  INBOX_MESSAGES as im,
  SAVED_SEARCH_MESSAGES as sm,
  SAVED_SEARCH_MODE_LABELS,
} from '@couchdb/model/saved-search-facts';
import { formatDateTime } from '@couchdb/rules/format';
import { propertyFilterFromParams } from '@couchdb/rules/property-filter';
import { describeFilter } from '@couchdb/rules/search-match';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { EmptyState } from '@client/components/empty-state';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/toast-context';
import { deleteSearch, editSearch, markInboxRead } from '@client/data/inbox/inbox';
import { useInboxEntries, useOpenDevice, useProperty, useSavedSearches } from '@client/data/hooks';
import type { InboxDoc } from '@client/data/schemas/inbox.schema';
import type { SavedSearchDoc } from '@client/data/schemas/saved-search.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { failureMessage } from '@client/pwa/failure-message';

const SaveSearchDialog = lazy(() => import('@client/components/saved-search/save-search-dialog'));

type TabName = 'inbox' | 'searches';

export default function MessagesScreen() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [params, setParams] = useSearchParams();
  const tab: TabName = params.get('tab') === 'searches' ? 'searches' : 'inbox';
  const device = useOpenDevice();
  const db = device?.identity.kind === 'user' ? device.database : null;
  const toast = useToast();
  const failed = (err: unknown) =>
    toast.error(failureMessage('inbox write failed', err, GENERIC_MESSAGES.operationFailed));
  const { data: entries } = useInboxEntries(userId);
  const unread = entries?.filter((e) => !e.read_at).length ?? 0;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={im.title} count={unread > 0 ? im.unread(unread) : undefined}>
        {tab === 'inbox' && unread > 0 && db && userId && (
          <Button
            size="small"
            startIcon={<DoneAll />}
            onClick={() => markInboxRead(db, userId).catch(failed)}
          >
            {im.markAllRead}
          </Button>
        )}
      </PageHeader>
      <Tabs
        value={tab}
        onChange={(_e, next: TabName) =>
          setParams(next === 'inbox' ? {} : { tab: next }, { replace: true })
        }
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="inbox" label={im.title} />
        <Tab value="searches" label={sm.mine} />
      </Tabs>
      {tab === 'inbox' ? (
        <InboxList
          entries={entries}
          onOpen={(e) => db && userId && markInboxRead(db, userId, [e.id]).catch(failed)}
        />
      ) : (
        <SearchList userId={userId} />
      )}
    </Container>
  );
}

function InboxList({
  entries,
  onOpen,
}: {
  entries: InboxDoc[] | undefined;
  onOpen(entry: InboxDoc): void;
}) {
  const navigate = useNavigate();
  if (!entries) return null;
  if (entries.length === 0)
    return <EmptyState icon={<MailOutlined fontSize="inherit" />} title={im.empty} />;
  return (
    <Card>
      <List disablePadding aria-label={im.title}>
        {entries.map((entry, i) => (
          <Box
            key={entry.id}
            component="li"
            sx={{ listStyle: 'none', borderTop: i ? 1 : 0, borderColor: 'divider' }}
          >
            <ListItemButton
              data-testid="inbox-entry"
              data-unread={entry.read_at ? undefined : 'true'}
              onClick={() => {
                onOpen(entry);
                void navigate(entry.link);
              }}
              sx={{ alignItems: 'flex-start', py: 1.5 }}
            >
              <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                  {!entry.read_at && (
                    <Box
                      aria-label="未读"
                      sx={{
                        width: 8,
                        height: 8,
                        borderRadius: '50%',
                        bgcolor: 'error.main',
                        flexShrink: 0,
                      }}
                    />
                  )}
                  <Typography
                    sx={{ fontWeight: entry.read_at ? 400 : 700, flexGrow: 1, minWidth: 0 }}
                    noWrap
                  >
                    {entry.title}
                  </Typography>
                  <Typography sx={{ fontSize: 12, color: 'text.secondary', flexShrink: 0 }}>
                    {formatDateTime(entry.created_at)}
                  </Typography>
                </Stack>
                <Typography
                  sx={{
                    fontSize: 14,
                    color: 'text.secondary',
                    fontWeight: entry.read_at ? 400 : 600,
                  }}
                >
                  {entry.body}
                </Typography>
              </Stack>
            </ListItemButton>
            {entry.kind === 'digest' && (
              <Stack component="ul" sx={{ m: 0, pl: 5, pr: 2, pb: 1.5 }} spacing={0.5}>
                {entry.property_ids.map((id) => (
                  <DigestListing key={id} id={id} onOpen={() => onOpen(entry)} />
                ))}
              </Stack>
            )}
          </Box>
        ))}
      </List>
    </Card>
  );
}

function DigestListing({ id, onOpen }: { id: string; onOpen(): void }) {
  const { data: listing } = useProperty(id);
  return (
    <Typography component="li" sx={{ fontSize: 14 }}>
      <Link component={RouterLink} to={`/properties/${id}`} onClick={onOpen}>
        {listing?.title ?? '房源已下架'}
      </Link>
    </Typography>
  );
}

function SearchList({ userId }: { userId: string | null }) {
  const { data: searches } = useSavedSearches(userId);
  const device = useOpenDevice();
  const db = device?.identity.kind === 'user' ? device.database : null;
  const toast = useToast();
  const [editing, setEditing] = useState<SavedSearchDoc | null>(null);
  const [deleting, setDeleting] = useState<SavedSearchDoc | null>(null);
  if (!searches) return null;
  if (searches.length === 0)
    return (
      <EmptyState
        icon={<ManageSearchOutlined fontSize="inherit" />}
        title={sm.empty}
        action={
          <Button variant="outlined" component={RouterLink} to="/properties">
            去找房
          </Button>
        }
      />
    );
  return (
    <Stack spacing={1.5}>
      {searches.map((s) => (
        <Card key={s.id} sx={{ p: 2 }} data-testid="saved-search">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }}>{s.name}</Typography>
              <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
                {describeFilter(propertyFilterFromParams(new URLSearchParams(s.filter)))}
              </Typography>
              <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
                {SAVED_SEARCH_MODE_LABELS[s.mode]}
                {s.quiet_hours ? ` · ${sm.quiet} ${s.quiet_hours.from}–${s.quiet_hours.to}` : ''}
              </Typography>
            </Box>
            <Button
              size="small"
              component={RouterLink}
              to={`/properties${s.filter ? `?${s.filter}` : ''}`}
            >
              {sm.open}
            </Button>
            <IconButton aria-label={`${sm.rename} ${s.name}`} onClick={() => setEditing(s)}>
              <EditOutlined />
            </IconButton>
            <IconButton aria-label={`${sm.delete} ${s.name}`} onClick={() => setDeleting(s)}>
              <DeleteOutlined />
            </IconButton>
          </Stack>
        </Card>
      ))}
      {editing && db && (
        <Suspense fallback={null}>
          <SaveSearchDialog
            initial={editing}
            summary={describeFilter(propertyFilterFromParams(new URLSearchParams(editing.filter)))}
            onClose={() => setEditing(null)}
            onSave={async (input) => {
              await editSearch(db, editing.id, input);
              toast.success(sm.updated);
              setEditing(null);
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={sm.delete}
        message={deleting ? sm.confirmDelete(deleting.name) : ''}
        confirmLabel={sm.delete}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting || !db) return;
          deleteSearch(db, deleting.id).then(
            () => toast.success(sm.deleted),
            (err: unknown) =>
              toast.error(
                failureMessage(
                  `deleting saved search ${deleting.id} failed`,
                  err,
                  GENERIC_MESSAGES.operationFailed,
                ),
              ),
          );
        }}
      />
    </Stack>
  );
}
