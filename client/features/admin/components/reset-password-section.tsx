/**
 * 重置密码 in 用户详情: for a user who forgot their password and called the platform line. After a
 * confirmation the gateway makes a temporary password, shown here once to read out on the phone;
 * every device of the account is signed out. Not on one's own account (个人中心 changes it).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { USER_ADMIN_MESSAGES } from '@couchdb/model/user-facts';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { copyText } from '@client/components/copy-text';
import { useToast } from '@client/components/toast/toast-context';
import { resetUserPassword } from '@client/data/writes/user-admin';
import { ApiError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session/auth-context';

const m = USER_ADMIN_MESSAGES;

export function ResetPasswordSection({
  userId,
  label,
  self,
  offline,
}: {
  userId: string;
  /** The account as the admin knows it (name or phone), for the confirmation. */
  label: string;
  self: boolean;
  offline: boolean;
}) {
  const { request } = useAuth();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState<string | null>(null);

  const reset = async () => {
    if (!navigator.onLine) {
      toast.warning(m.offline);
      return;
    }
    setResetting(true);
    try {
      setPassword(await resetUserPassword(request, userId));
      toast.success(m.passwordReset);
    } catch (err) {
      if (!(err instanceof ApiError) || err.isTransient) console.error('resetting failed', err);
      toast.error(m.resetPasswordFailed(err instanceof Error ? err.message : String(err)));
    } finally {
      setResetting(false);
    }
  };

  const copy = async () => {
    if (password && (await copyText(password))) toast.success(m.passwordCopied);
  };

  return (
    <>
      <Typography component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {m.resetPassword}
      </Typography>
      <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 1 }}>
        {self ? m.ownPassword : m.resetPasswordHint}
      </Typography>
      {!self && (
        <Button
          size="small"
          variant="outlined"
          color="warning"
          disabled={offline}
          loading={resetting}
          onClick={() => setConfirming(true)}
        >
          {m.resetPassword}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={m.resetPassword}
        message={m.resetPasswordConfirm(label)}
        confirmLabel={m.resetPassword}
        onConfirm={() => void reset()}
        onClose={() => setConfirming(false)}
      />
      <Dialog open={password !== null} onClose={() => setPassword(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{m.temporaryPasswordTitle}</DialogTitle>
        <DialogContent>
          <Typography
            data-testid="temporary-password"
            sx={{
              fontFamily: 'monospace',
              fontSize: 28,
              letterSpacing: 3,
              textAlign: 'center',
              py: 1.5,
              mb: 1.5,
              bgcolor: 'grey.100',
              borderRadius: 1,
              userSelect: 'all',
            }}
          >
            {password}
          </Typography>
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
            {m.temporaryPasswordNote}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
            {m.copyPassword}
          </Button>
          <Button variant="contained" onClick={() => setPassword(null)}>
            关闭
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
