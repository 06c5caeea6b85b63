import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { REFUSED_CHANGE_MESSAGES, type SyncCollection } from '@couchdb/model/sync';
import { EmptyState } from '@client/components/empty-state';
import { useRefusedChange, useSyncSettled } from '@client/data/hooks';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';
import { editGate } from '@client/lib/edit-gate';
import { useEditParams } from './use-edit-params';

/** What the form opens with: the document to edit (null for a new one) and the refused change. */
export interface EditTarget<D> {
  doc: D | null;
  refused: RefusedDoc | null;
}

/**
 * The route gate of a publish form (see `editGate`): a spinner while the edited document or the
 * refused change loads, "not found" with a way back, else the form, keyed by what it edits (a
 * form reads its initial values once).
 */
export function EditGate<D extends { id: string }>({
  collection,
  doc,
  editable,
  notFound,
  children,
}: {
  collection: SyncCollection;
  /** The document named by `?edit=` (undefined while it loads, null when not on the device). */
  doc: D | null | undefined;
  editable(doc: D): boolean;
  notFound: { title: string; backTo: string; backLabel: string };
  children(target: EditTarget<D>): ReactNode;
}) {
  const { editId, refusedId } = useEditParams();
  const { data: refused } = useRefusedChange(refusedId);
  const settled = useSyncSettled(collection);
  const outcome = editGate({ collection, editId, refusedId, doc, refused, settled, editable });
  switch (outcome.kind) {
    case 'loading':
      return <FormLoading />;
    case 'new':
      return <Fragment key="new">{children({ doc: null, refused: null })}</Fragment>;
    case 'edit':
      return (
        <Fragment key={outcome.doc.id}>
          {children({ doc: outcome.doc, refused: outcome.refused })}
        </Fragment>
      );
    case 'resend':
      return (
        <Fragment key={outcome.refused.id}>
          {children({ doc: null, refused: outcome.refused })}
        </Fragment>
      );
    case 'not-found':
      return (
        <Container maxWidth="sm" sx={{ py: 4 }}>
          <EmptyState
            title={notFound.title}
            action={
              <Button component={RouterLink} to={notFound.backTo} variant="outlined">
                {notFound.backLabel}
              </Button>
            }
          />
        </Container>
      );
  }
}

export function FormLoading() {
  return (
    <Stack sx={{ alignItems: 'center', py: 8 }}>
      <CircularProgress aria-label="加载中" />
    </Stack>
  );
}

/** Why the server refused the change being fixed: edit and save, or sent again as new. */
export function RefusedNotice({ refused, editing }: { refused: RefusedDoc; editing: boolean }) {
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="refused-notice">
      {editing
        ? REFUSED_CHANGE_MESSAGES.editHint(refused.message)
        : REFUSED_CHANGE_MESSAGES.resendAsNew(refused.message)}
    </Alert>
  );
}
