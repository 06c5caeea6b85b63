import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CHANGE_PASSWORD_MESSAGES,
  PASSWORD_RULES,
  PASSWORD_STRENGTH_LABELS,
  changePasswordSchema,
  passwordStrength,
  type PasswordStrength,
} from '@couchdb/model/auth';
import { useToast } from '@client/components/toast/toast-context';
import { ApiError } from '@client/lib/api-client';
import { PasswordField } from '@client/components/auth/password-field';
import { useAuth } from '@client/lib/session/auth-context';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

const STRENGTH_COLORS: Record<PasswordStrength, 'error' | 'warning' | 'success'> = {
  weak: 'error',
  medium: 'warning',
  strong: 'success',
};

/**
 * 修改密码 (spec §2, §5): the strength meter on the new password, the mismatch hint, confirm enabled
 * once all three are filled and the new password equals the confirmation; changed on the server.
 */
export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const { request } = useAuth();
  const toast = useToast();
  const [form, setForm] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [error, setError] = useState<{ field?: Field; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const strength = passwordStrength(form.newPassword);
  const mismatch = form.confirmPassword !== '' && form.confirmPassword !== form.newPassword;
  const ready =
    form.currentPassword !== '' &&
    form.newPassword !== '' &&
    form.confirmPassword !== '' &&
    form.newPassword === form.confirmPassword;

  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ field: issue.path[0] as Field | undefined, message: issue.message });
      return;
    }
    setSaving(true);
    try {
      await request('/api/auth/change-password', { method: 'POST', body: parsed.data });
      toast.success(CHANGE_PASSWORD_MESSAGES.success);
      onClose();
    } catch (err) {
      // A wrong current password (and every message the gateway gives) is shown as it is.
      const message =
        err instanceof ApiError && err.status < 500 ? err.message : CHANGE_PASSWORD_MESSAGES.failed;
      if (!(err instanceof ApiError)) console.error('change password failed', err);
      setError({
        field:
          err instanceof ApiError && err.code === 'wrong_password' ? 'currentPassword' : undefined,
        message,
      });
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (field: Field) => (error?.field === field ? error.message : undefined);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>修改密码</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <PasswordField
              label="当前密码"
              value={form.currentPassword}
              onChange={(e) => set('currentPassword', e.target.value)}
              error={Boolean(fieldError('currentPassword'))}
              helperText={fieldError('currentPassword')}
              autoComplete="current-password"
            />
            <Box>
              <PasswordField
                label="新密码"
                value={form.newPassword}
                onChange={(e) => set('newPassword', e.target.value)}
                error={Boolean(fieldError('newPassword'))}
                helperText={fieldError('newPassword')}
                autoComplete="new-password"
              />
              {form.newPassword && (
                <Box data-testid="password-strength" data-level={strength.level} sx={{ mt: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <LinearProgress
                      variant="determinate"
                      value={(strength.score / PASSWORD_RULES.length) * 100}
                      color={STRENGTH_COLORS[strength.level]}
                      sx={{ flex: 1, height: 6, borderRadius: 3 }}
                    />
                    <Typography sx={{ fontSize: 13, minWidth: 52 }}>
                      强度：{PASSWORD_STRENGTH_LABELS[strength.level]}
                    </Typography>
                  </Stack>
                  {strength.suggestions.length > 0 && (
                    <Typography color="text.secondary" sx={{ fontSize: 12, mt: 0.5 }}>
                      建议：{strength.suggestions.join('、')}
                    </Typography>
                  )}
                </Box>
              )}
            </Box>
            <PasswordField
              label="确认新密码"
              value={form.confirmPassword}
              onChange={(e) => set('confirmPassword', e.target.value)}
              error={Boolean(
                fieldError('confirmPassword') ??
                (mismatch ? CHANGE_PASSWORD_MESSAGES.mismatchHint : undefined),
              )}
              helperText={
                fieldError('confirmPassword') ??
                (mismatch ? CHANGE_PASSWORD_MESSAGES.mismatchHint : undefined)
              }
              autoComplete="new-password"
            />
            {error && !error.field && (
              <Typography role="alert" color="error" sx={{ fontSize: 14 }}>
                {error.message}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="contained" disabled={!ready} loading={saving}>
            确认修改
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
