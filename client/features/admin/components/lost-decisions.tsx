import { map } from 'rxjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lostAuditMessage, lostStatusMessage } from '@couchdb/rules/admin-listings';
import { CLASH_CODE } from '@client/data/sync/conflict-handler';
import { useLiveQuery } from '@client/data/hooks';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';

/**
 * Audit decisions and status changes of this admin that lost to another admin's or to the
 * listing's deletion (made offline, or at the same time): the device took the other version and
 * tells the admin so, instead of overwriting silently.
 */
export function LostDecisions() {
  const { data: refused, database } = useLiveQuery('refused:properties', (db) =>
    db.refused
      .find({ selector: { collection_name: 'properties' } })
      .$.pipe(map((docs) => docs.map((d) => d.toJSON() as RefusedDoc))),
  );
  const lost = (refused ?? []).flatMap((r) => {
    const title = (r.doc as { title?: string }).title ?? r.doc_id;
    const mine = r.doc as { audit_status?: unknown; status?: unknown };
    const server = r.server_doc as { audit_status?: unknown; status?: unknown } | null;
    // A status the gateway refused (a rule) is a refusal, told on /manage; here only a clash.
    const message =
      lostAuditMessage(title, mine, server) ??
      (r.code === CLASH_CODE ? lostStatusMessage(title, mine, server) : null);
    return message ? [{ id: r.id, message }] : [];
  });
  if (lost.length === 0) return null;
  const dismiss = (id: string) =>
    void database?.refused
      .findOne(id)
      .exec()
      .then((doc) => doc?.remove())
      .catch((err: unknown) => console.error('dismissing a lost decision failed', err));
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {lost.map((l) => (
        <Alert
          key={l.id}
          severity="warning"
          data-testid="lost-decision"
          action={
            <Button color="inherit" size="small" onClick={() => dismiss(l.id)}>
              知道了
            </Button>
          }
        >
          {l.message}
        </Alert>
      ))}
    </Stack>
  );
}
