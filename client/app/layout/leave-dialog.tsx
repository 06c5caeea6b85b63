/** The question before leaving a screen with unsaved input (loaded when it is asked). */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { unsavedInputIsKept } from '@client/pwa/unsaved-changes';
import { UNSAVED_CHANGES_MESSAGES } from '@client/pwa/unsaved-changes-messages';

export function LeaveDialog({ onStay, onLeave }: { onStay(): void; onLeave(): void }) {
  const [kept] = useState(unsavedInputIsKept);
  return (
    <Dialog open onClose={onStay} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">{UNSAVED_CHANGES_MESSAGES.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {kept ? UNSAVED_CHANGES_MESSAGES.keptMessage : UNSAVED_CHANGES_MESSAGES.message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay}>{UNSAVED_CHANGES_MESSAGES.stay}</Button>
        <Button color="error" variant="contained" onClick={onLeave}>
          {UNSAVED_CHANGES_MESSAGES.leave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
