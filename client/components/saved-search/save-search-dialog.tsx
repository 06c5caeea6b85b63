/**
 * The 保存搜索 dialog (issue 19): a name, 即时提醒 or 每日汇总, and optional 免打扰时段; for a new
 * search from the list screen and for editing one on 我的搜索. Loaded lazily (it carries the form
 * library), so the list screen's first load does not grow.
 */
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { savedSearchFormSchema, type SavedSearchForm } from '@couchdb/model/saved-search';
import {
  DEFAULT_QUIET_HOURS,
  SAVED_SEARCH_MESSAGES as sm,
  SAVED_SEARCH_MODE_LABELS,
  SAVED_SEARCH_MODES,
  SAVED_SEARCH_NAME_MAX,
} from '@couchdb/model/saved-search-facts';
import type { SavedSearchInput } from '@client/data/inbox/inbox';
import { FormTextField } from '@client/components/form/form-text-field';

export interface SaveSearchDialogProps {
  /** The search being edited (absent: a new one). */
  initial?: SavedSearchInput | undefined;
  /** What the search looks for, in words (the list's filter). */
  summary?: string | undefined;
  onSave(input: SavedSearchInput): Promise<void>;
  onClose(): void;
}

export default function SaveSearchDialog({
  initial,
  summary,
  onSave,
  onClose,
}: SaveSearchDialogProps) {
  const { control, handleSubmit, formState } = useForm<SavedSearchForm>({
    resolver: zodResolver(savedSearchFormSchema),
    defaultValues: {
      // A new search is named after what it looks for, as the dialog shows it (the user may rename it).
      name: initial?.name ?? [...(summary ?? '')].slice(0, SAVED_SEARCH_NAME_MAX).join(''),
      mode: initial?.mode ?? 'instant',
      quiet: initial ? initial.quiet_hours !== undefined : false,
      quiet_from: initial?.quiet_hours?.from ?? DEFAULT_QUIET_HOURS.from,
      quiet_to: initial?.quiet_hours?.to ?? DEFAULT_QUIET_HOURS.to,
    },
  });
  const quiet = useWatch({ control, name: 'quiet' });
  const save = handleSubmit(async (form) => {
    await onSave({
      name: form.name,
      mode: form.mode,
      quiet_hours: form.quiet ? { from: form.quiet_from, to: form.quiet_to } : undefined,
    });
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="save-search-title">
      <form onSubmit={(e) => void save(e)} noValidate>
        <DialogTitle id="save-search-title">{initial ? sm.rename : sm.dialogTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {summary && (
              <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>{summary}</Typography>
            )}
            <FormTextField
              control={control}
              name="name"
              label={sm.name}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: SAVED_SEARCH_NAME_MAX } }}
            />
            <Stack spacing={1}>
              <Typography sx={{ fontSize: 14 }}>{sm.mode}</Typography>
              <Controller
                control={control}
                name="mode"
                render={({ field }) => (
                  <ToggleButtonGroup
                    exclusive
                    color="primary"
                    size="small"
                    value={field.value}
                    onChange={(_e, v: string | null) => v && field.onChange(v)}
                    aria-label={sm.mode}
                  >
                    {SAVED_SEARCH_MODES.map((mode) => (
                      <ToggleButton key={mode} value={mode} sx={{ px: 2 }}>
                        {SAVED_SEARCH_MODE_LABELS[mode]}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                )}
              />
            </Stack>
            <Controller
              control={control}
              name="quiet"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                  label={sm.quiet}
                />
              )}
            />
            {quiet && (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <FormTextField
                  control={control}
                  name="quiet_from"
                  label="开始"
                  type="time"
                  size="small"
                />
                <FormTextField
                  control={control}
                  name="quiet_to"
                  label="结束"
                  type="time"
                  size="small"
                />
              </Stack>
            )}
            {quiet && (
              <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{sm.quietHint}</Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            保存
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
