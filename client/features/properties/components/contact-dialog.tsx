import { memo } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import type { ResolvedContact } from '@couchdb/rules/contact';
import { SERVICE_HOURS } from '@couchdb/model/constants';
import { APP_NAME } from '@client/config';

/** 电话咨询 (product §2, §6): who to call, by priority, with the platform-line warning. */
export const ContactDialog = memo(function ContactDialog({
  open,
  contact,
  pending = false,
  onClose,
}: {
  open: boolean;
  contact: ResolvedContact;
  /**
   * Whom to call is not known yet (a promotion kept on the device is being read): the dialog names
   * no one and offers no number until it is, rather than show the publisher's and then the agent's.
   */
  pending?: boolean;
  onClose(): void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="contact-title">
      <DialogTitle id="contact-title">电话咨询</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', pt: 1 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.light', color: 'primary.main' }}>
            <PhoneInTalkOutlined />
          </Avatar>
          {pending ? (
            <Stack
              spacing={1}
              sx={{ alignItems: 'center', width: '100%' }}
              aria-busy
              aria-label="正在确认联系人"
              data-testid="contact-pending"
            >
              <Skeleton width="40%" />
              <Skeleton width="70%" height={42} />
            </Stack>
          ) : (
            <Typography data-testid="contact-name" sx={{ fontWeight: 600 }}>
              {contact.name}
            </Typography>
          )}
          {pending ? null : contact.phone ? (
            <Typography
              data-testid="contact-phone"
              sx={{ fontSize: 28, fontWeight: 700, letterSpacing: 1, color: 'secondary.main' }}
            >
              {contact.phone}
            </Typography>
          ) : (
            <Typography color="textSecondary">暂无联系电话</Typography>
          )}
          {!pending && contact.warning && (
            <Alert
              severity="warning"
              data-testid="contact-warning"
              sx={{ textAlign: 'left', width: '100%' }}
            >
              {contact.warning}
            </Alert>
          )}
          <Typography color="textSecondary" sx={{ fontSize: 13 }}>
            客服时间：每天 {SERVICE_HOURS}，联系时请说明在{APP_NAME}看到的房源
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>关闭</Button>
        {!pending && contact.phone && (
          <Button
            variant="contained"
            color="secondary"
            href={`tel:${contact.phone}`}
            startIcon={<PhoneInTalkOutlined />}
          >
            拨打电话
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
});
