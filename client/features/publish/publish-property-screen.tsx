import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { EmptyState } from '@client/components/empty-state';
import { useProperty, useRefusedChange, useSyncSettled } from '@client/data/hooks';
import { resendable } from '@client/data/sync/refusals';
import { useAuth } from '@client/lib/session/auth-context';
import { ListingForm } from './listing-form';

/**
 * 发布房源 (product §2 "Publish property", §5): who may open which form. A new listing for anyone
 * signed in; `?edit={id}` for the listing's owner or an admin, once the device holds it;
 * `&refused={id}` reopens a change the server refused with what was sent, to fix and send again
 * (as a new listing when the old one is gone from the server).
 */
export default function PublishPropertyScreen() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const refusedId = params.get('refused');
  const { user } = useAuth();
  const { data: listing } = useProperty(editId ?? undefined);
  const { data: refusedEntry } = useRefusedChange(refusedId);
  const settled = useSyncSettled('properties');
  if (!editId) return <ListingForm key={user?.id} listing={null} refused={null} />;
  const refused =
    refusedEntry?.collection_name === 'properties' && refusedEntry.doc_id === editId
      ? refusedEntry
      : null;
  const mine = listing && (listing.user_id === user?.id || user?.user_type === 'admin');
  if (
    listing === undefined ||
    (listing === null && !settled) ||
    (refusedId !== null && refusedEntry === undefined)
  ) {
    return (
      <Stack sx={{ alignItems: 'center', py: 8 }}>
        <CircularProgress aria-label="加载中" />
      </Stack>
    );
  }
  if (listing && mine && listing.status !== 'deleted') {
    return <ListingForm key={listing.id} listing={listing} refused={refused} />;
  }
  // The refused listing is no longer on the server: send it again as a new one.
  if (refused && resendable(refused, user?.id))
    return <ListingForm key={refused.id} listing={null} refused={refused} />;
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <EmptyState
        title={PROPERTY_MESSAGES.notFound}
        action={
          <Button component={RouterLink} to="/my-properties" variant="outlined">
            返回我的房源
          </Button>
        }
      />
    </Container>
  );
}
