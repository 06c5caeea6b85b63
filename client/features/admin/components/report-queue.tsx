import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import {
  REPORT_DECISION_ACTIONS,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASON_MAX,
  REPORT_STATUS_LABELS,
  type ReportDecision,
} from '@couchdb/model/trust-facts';
import { SMALL_BUTTON_ROW_SX } from '@client/components/look';
import type { ReportQueueEntry } from '@couchdb/model/report';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import { ADMIN_PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { formatDate } from '@couchdb/rules/format';
import { PROPERTY_STATUS_LABELS } from '@couchdb/rules/property-status';
import { ListState } from '@client/components/list-state';
import { useToast } from '@client/components/toast/toast-context';
import { decideReports, fetchReportQueue } from '@client/data/writes/report-admin';
import { ApiError } from '@client/lib/http';
import { useAuth } from '@client/lib/session/auth-context';

type Deciding = { entry: ReportQueueEntry; decision: ReportDecision };

/**
 * 举报处理 (issue 19), a tab of 房源审核: open reports grouped by listing, the most reported first,
 * with reasons, notes and the reporter count; 驳回, 下架 or 要求整改 (the last two with a reason the
 * owner sees). Read from the gateway, so it needs a connection.
 */
export default function ReportQueue({ onCount }: { onCount?(count: number): void }) {
  const { request } = useAuth();
  const toast = useToast();
  const [queue, setQueue] = useState<ReportQueueEntry[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<Deciding | null>(null);

  const load = useCallback(() => {
    fetchReportQueue(request)
      .then((q) => {
        setQueue(q);
        setFailed(null);
        onCount?.(q.length);
      })
      .catch((err: unknown) => {
        console.error('loading the report queue failed', err);
        setFailed(err instanceof Error ? err.message : GENERIC_MESSAGES.loadFailed);
      });
  }, [request, onCount]);
  useEffect(() => {
    load();
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, [load]);

  const decide = async ({ entry, decision }: Deciding, reason: string) => {
    try {
      await decideReports(request, entry.property_id, { decision, reason });
      toast.success(`${REPORT_MESSAGES.decided}：${REPORT_STATUS_LABELS[decision]}`);
      setDeciding(null);
      load();
    } catch (err) {
      console.error('deciding on reports failed', entry.property_id, err);
      toast.error(err instanceof ApiError ? err.message : ADMIN_PROPERTY_MESSAGES.operationFailed);
    }
  };

  return (
    <ListState
      rows={queue ?? undefined}
      failure={{ message: queue ? null : failed, onReload: load }}
      skeleton={{ height: 150 }}
      empty={{ icon: <FlagOutlined fontSize="inherit" />, title: REPORT_MESSAGES.queueEmpty }}
    >
      {(rows) => (
        <Stack spacing={1.5} data-testid="report-queue">
          {rows.map((entry) => (
            <Card
              key={entry.property_id}
              sx={{ p: 1.5 }}
              data-testid="report-entry"
              data-property-id={entry.property_id}
            >
              <Stack spacing={0.75}>
                <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Chip
                    size="small"
                    color="error"
                    label={REPORT_MESSAGES.reporters(entry.reporter_count)}
                    data-testid="report-count"
                  />
                  <Chip
                    size="small"
                    variant="outlined"
                    label={
                      PROPERTY_STATUS_LABELS[
                        entry.property_status as keyof typeof PROPERTY_STATUS_LABELS
                      ] ?? entry.property_status
                    }
                  />
                  {entry.reasons.map((r) => (
                    <Chip
                      key={r}
                      size="small"
                      variant="outlined"
                      color="warning"
                      label={REPORT_REASON_LABELS[r]}
                    />
                  ))}
                </Stack>
                <Typography component="h3" sx={{ fontWeight: 600 }} noWrap>
                  {entry.property_title}
                </Typography>
                <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                  发布人 {entry.owner_name || '未知用户'}
                </Typography>
                <Divider />
                {entry.reports.map((r) => (
                  <Typography key={r.id} sx={{ fontSize: 13 }}>
                    <strong>{REPORT_REASON_LABELS[r.reason]}</strong> · {r.reporter_name || '用户'}{' '}
                    · {formatDate(r.created_at)}
                    {r.note ? `：${r.note}` : ''}
                  </Typography>
                ))}
              </Stack>
              <Stack
                direction="row"
                sx={{ justifyContent: 'flex-end', mt: 1, ...SMALL_BUTTON_ROW_SX }}
              >
                <Button
                  size="small"
                  component={RouterLink}
                  to={`/properties/${encodeURIComponent(entry.property_id)}`}
                >
                  查看
                </Button>
                {(['dismissed', 'fix_requested', 'taken_down'] as const).map((decision) => (
                  <Button
                    key={decision}
                    size="small"
                    variant={decision === 'taken_down' ? 'contained' : 'outlined'}
                    color={
                      decision === 'dismissed'
                        ? 'inherit'
                        : decision === 'taken_down'
                          ? 'error'
                          : 'warning'
                    }
                    onClick={() => setDeciding({ entry, decision })}
                  >
                    {REPORT_DECISION_ACTIONS[decision]}
                  </Button>
                ))}
              </Stack>
            </Card>
          ))}
          <DecisionDialog
            deciding={deciding}
            onClose={() => setDeciding(null)}
            onDecide={(reason) => (deciding ? decide(deciding, reason) : undefined)}
          />
        </Stack>
      )}
    </ListState>
  );
}

/** The decision with its reason (required to take down or ask to fix; the owner sees it). */
function DecisionDialog({
  deciding,
  onClose,
  onDecide,
}: {
  deciding: Deciding | null;
  onClose(): void;
  onDecide(reason: string): Promise<void> | undefined;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const needsReason = deciding?.decision !== 'dismissed';
  const trimmed = reason.trim();
  const tooLong = [...trimmed].length > REPORT_REASON_MAX;
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog open={deciding !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>
        {deciding
          ? `${REPORT_DECISION_ACTIONS[deciding.decision]}「${deciding.entry.property_title}」`
          : ''}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={2}
          fullWidth
          label={REPORT_MESSAGES.decisionReason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={tooLong}
          helperText={`${[...trimmed].length}/${REPORT_REASON_MAX}`}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>取消</Button>
        <Button
          variant="contained"
          color={deciding?.decision === 'taken_down' ? 'error' : 'primary'}
          disabled={busy || tooLong || (needsReason && !trimmed)}
          onClick={() => {
            setBusy(true);
            void Promise.resolve(onDecide(trimmed)).finally(() => {
              setBusy(false);
              setReason('');
            });
          }}
        >
          确认{deciding ? REPORT_DECISION_ACTIONS[deciding.decision] : ''}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
