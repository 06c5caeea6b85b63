/**
 * 忘记密码: whom to call and what happens next. The number is the platform line from the settings
 * (the device's copy, so it shows offline too), as a tap-to-call link.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { FORGOT_PASSWORD_MESSAGES } from '@couchdb/model/auth-facts';
import { SERVICE_HOURS } from '@couchdb/model/constants';
import { useSettings } from '@client/data/hooks';

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const phone = useSettings().defaultContact.phone;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{FORGOT_PASSWORD_MESSAGES.title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontSize: 15, mb: 2 }}>
          {FORGOT_PASSWORD_MESSAGES.body(SERVICE_HOURS)}
        </Typography>
        <Link
          href={`tel:${phone}`}
          data-testid="forgot-password-phone"
          sx={{ display: 'block', textAlign: 'center', fontSize: 24, fontWeight: 600 }}
        >
          {phone}
        </Link>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
        <Button variant="contained" startIcon={<PhoneOutlined />} href={`tel:${phone}`}>
          {FORGOT_PASSWORD_MESSAGES.call}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
