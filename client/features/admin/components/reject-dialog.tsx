import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ADMIN_PROPERTY_MESSAGES, AUDIT_COMMENT_MAX } from '@couchdb/model/property-facts';
import { STATUS_MESSAGES } from '@couchdb/rules/property-status';

/** Rejecting a listing asks for an optional reason (product §2, §4); the owner sees it. */
export function RejectDialog({
  title,
  onReject,
  onClose,
}: {
  /** The listing's title; null keeps the dialog closed. */
  title: string | null;
  onReject(reason: string): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const tooLong = reason.trim().length > AUDIT_COMMENT_MAX;
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog open={title !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>拒绝「{title}」</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={3}
          fullWidth
          label="拒绝原因"
          placeholder={ADMIN_PROPERTY_MESSAGES.rejectReasonPrompt}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={tooLong}
          helperText={
            tooLong
              ? STATUS_MESSAGES.commentTooLong
              : `${reason.trim().length}/${AUDIT_COMMENT_MAX}`
          }
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>取消</Button>
        <Button
          color="error"
          variant="contained"
          disabled={tooLong}
          onClick={() => {
            onReject(reason.trim());
            close();
          }}
        >
          确认拒绝
        </Button>
      </DialogActions>
    </Dialog>
  );
}
