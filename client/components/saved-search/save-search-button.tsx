/**
 * 保存搜索 on the listing list (issue 19): saves the list's filter (without its sort, which does not
 * change what matches) for a signed-in user; a visitor is led to log in and comes back here.
 */
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import { SAVED_SEARCH_MESSAGES as sm } from '@couchdb/model/saved-search-facts';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import { propertyFilterToParams, type PropertyFilter } from '@couchdb/rules/property-filter';
import { useOpenDevice } from '@client/data/hooks';
import { useAuth } from '@client/lib/session/auth-context';
import { failureReason } from '@client/pwa/failure-message';
import { useToast } from '../toast/toast-context';

const SaveSearchDialog = lazy(() => import('./save-search-dialog'));

export function SaveSearchButton({ filter, summary }: { filter: PropertyFilter; summary: string }) {
  const { user } = useAuth();
  const device = useOpenDevice();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  const start = () => {
    if (!user) {
      toast.warning(sm.loginRequired);
      void navigate('/login', {
        state: { from: { pathname: location.pathname, search: location.search } },
      });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<BookmarkAddOutlined />} onClick={start}>
        {sm.save}
      </Button>
      {open && user && (
        <Suspense fallback={null}>
          <SaveSearchDialog
            summary={summary}
            onClose={() => setOpen(false)}
            onSave={async (input) => {
              if (device?.identity.kind !== 'user' || device.identity.userId !== user.id) {
                toast.info('数据准备中，请稍后再试');
                return;
              }
              const { saveSearch } = await import('@client/data/inbox/inbox');
              const query = propertyFilterToParams({ ...filter, sort: undefined }).toString();
              try {
                await saveSearch(device.database, user.id, query, input);
                toast.success(sm.saved);
                setOpen(false);
              } catch (err) {
                toast.error(
                  failureReason('saving a search failed', err) ?? GENERIC_MESSAGES.operationFailed,
                );
              }
            }}
          />
        </Suspense>
      )}
    </>
  );
}
