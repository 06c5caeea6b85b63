import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changePasswordSchema } from '@couchdb/model/auth';
import {
  CHANGE_PASSWORD_MESSAGES,
  PASSWORD_RULES,
  PASSWORD_STRENGTH_LABELS,
  passwordStrength,
  type PasswordStrength,
} from '@couchdb/model/auth-facts';
import { withFormLevelErrors } from '@client/components/form/form-level-errors';
import { FormPasswordField } from '@client/components/form/form-password-field';
import { showServerErrors } from '@client/components/form/server-errors';
import { useToast } from '@client/components/toast/toast-context';
import { ApiError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session/auth-context';

const STRENGTH_COLORS: Record<PasswordStrength, 'error' | 'warning' | 'success'> = {
  weak: 'error',
  medium: 'warning',
  strong: 'success',
};

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * 修改密码 (product §2, §5): the strength meter on the new password, the mismatch hint, confirm enabled
 * once all three are filled and the new password equals the confirmation; changed on the server.
 */
export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const { request } = useAuth();
  const toast = useToast();
  const { control, handleSubmit, setError, clearErrors, formState } = useForm({
    resolver: withFormLevelErrors(zodResolver(changePasswordSchema)),
    defaultValues: EMPTY,
  });
  const form = useWatch({ control });
  const newPassword = form.newPassword ?? '';
  const strength = passwordStrength(newPassword);
  const mismatch = form.confirmPassword !== '' && form.confirmPassword !== newPassword;
  const ready =
    form.currentPassword !== '' &&
    newPassword !== '' &&
    form.confirmPassword !== '' &&
    newPassword === form.confirmPassword;
  const formError = formState.errors.root;

  // A message for the whole form (the server's) goes as soon as anything is typed again.
  useEffect(
    () => clearErrors('root'),
    [clearErrors, form.currentPassword, form.newPassword, form.confirmPassword],
  );

  const submit = handleSubmit(async (values) => {
    try {
      await request('/api/auth/change-password', { method: 'POST', body: values });
      toast.success(CHANGE_PASSWORD_MESSAGES.success);
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) console.error('change password failed', err);
      // A wrong current password goes under its field; every other message the gateway gives is
      // shown as it is, above the buttons.
      if (showServerErrors(err, setError, [], { wrong_password: 'currentPassword' })) return;
      const message =
        err instanceof ApiError && err.status < 500 ? err.message : CHANGE_PASSWORD_MESSAGES.failed;
      setError('root', { type: 'server', message });
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>修改密码</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormPasswordField
              control={control}
              name="currentPassword"
              label="当前密码"
              autoComplete="current-password"
            />
            <Box>
              <FormPasswordField
                control={control}
                name="newPassword"
                label="新密码"
                autoComplete="new-password"
              />
              {newPassword && (
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
                    <Typography color="textSecondary" sx={{ fontSize: 12, mt: 0.5 }}>
                      建议：{strength.suggestions.join('、')}
                    </Typography>
                  )}
                </Box>
              )}
            </Box>
            <FormPasswordField
              control={control}
              name="confirmPassword"
              label="确认新密码"
              // Shown while typing; a checked message replaces it after a submit.
              warning={mismatch ? CHANGE_PASSWORD_MESSAGES.mismatchHint : undefined}
              autoComplete="new-password"
            />
            {formError?.message && (
              <Typography role="alert" color="error" sx={{ fontSize: 14 }}>
                {formError.message}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!ready}
            loading={formState.isSubmitting}
          >
            确认修改
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
