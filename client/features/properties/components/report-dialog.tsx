import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  reportCreateSchema,
  type ReportCreate,
  type ReportCreateInput,
} from '@couchdb/model/report';
import {
  REPORT_MESSAGES,
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from '@couchdb/model/trust-facts';
import { FormTextField } from '@client/components/form/form-text-field';
import { useToast } from '@client/components/toast/toast-context';
import { fileReport } from '@client/data/writes/reports';
import { ApiError } from '@client/lib/http';
import { useAuth } from '@client/lib/session/auth-context';
import { useOnlineStatus } from '@client/pwa/online-status';

/**
 * 举报房源: a reason and an optional note. Filing needs a connection: offline the dialog says so
 * and keeps what was typed (it stays mounted while the page is open) until the connection returns.
 */
export default function ReportDialog({
  propertyId,
  title,
  open,
  onClose,
}: {
  propertyId: string;
  title: string;
  open: boolean;
  onClose(): void;
}) {
  const { request } = useAuth();
  const toast = useToast();
  const online = useOnlineStatus();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<
    ReportCreateInput,
    unknown,
    ReportCreate
  >({
    resolver: zodResolver(reportCreateSchema),
    defaultValues: { property_id: propertyId, note: '' },
  });
  const note = useWatch({ control, name: 'note' }) ?? '';

  const submit = handleSubmit(async (report) => {
    setRefusal(null);
    try {
      await fileReport(request, report);
      toast.success(REPORT_MESSAGES.submitted);
      reset({ property_id: propertyId, note: '' });
      onClose();
    } catch (err) {
      // The input stays: offline, limited or refused, the user can still send it or change it.
      if (err instanceof ApiError && err.isNetworkFailure) setRefusal(REPORT_MESSAGES.offline);
      else setRefusal(err instanceof Error ? err.message : String(err));
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" keepMounted>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="report-dialog">
        <DialogTitle>{REPORT_MESSAGES.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography color="textSecondary" sx={{ fontSize: 14 }} noWrap>
              {title}
            </Typography>
            {!online && (
              <Alert severity="warning" data-testid="report-offline">
                {REPORT_MESSAGES.offline}
              </Alert>
            )}
            {refusal && online && (
              <Alert severity="error" data-testid="report-refusal">
                {refusal}
              </Alert>
            )}
            <Controller
              control={control}
              name="reason"
              render={({ field, fieldState }) => (
                <FormControl error={fieldState.error !== undefined}>
                  <FormLabel sx={{ fontSize: 14, mb: 0.5 }}>{REPORT_MESSAGES.reason}</FormLabel>
                  <RadioGroup
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(e.target.value)}
                    sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}
                  >
                    {REPORT_REASONS.map((r) => (
                      <FormControlLabel
                        key={r}
                        value={r}
                        control={<Radio size="small" />}
                        label={REPORT_REASON_LABELS[r]}
                      />
                    ))}
                  </RadioGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
            <FormTextField
              control={control}
              name="note"
              label={REPORT_MESSAGES.note}
              multiline
              minRows={2}
              helperText={`${[...note].length}/${REPORT_NOTE_MAX}`}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={!online || formState.isSubmitting}
          >
            {REPORT_MESSAGES.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
