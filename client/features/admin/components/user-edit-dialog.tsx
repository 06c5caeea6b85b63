import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { adminUserUpdateSchema, type AdminUserUpdate } from '@couchdb/model/user';
import { FormPhoneField } from '@client/components/form/form-phone-field';
import { FormTextField } from '@client/components/form/form-text-field';
import { showServerErrors } from '@client/components/form/server-errors';
import type { UserDoc } from '@client/data/schemas/user.schema';

/**
 * 编辑用户: name and phone under the spec's rules (the shared schema; the gateway checks them again
 * and refuses a phone another account uses, shown under the field). Mounted per user.
 */
export function UserEditDialog({
  user,
  onSave,
  onClose,
}: {
  user: UserDoc;
  /** Rejects when the gateway refused (the toast is the caller's). */
  onSave(change: AdminUserUpdate): Promise<void>;
  onClose(): void;
}) {
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(adminUserUpdateSchema),
    defaultValues: { name: user.name, phone: user.phone },
  });
  const save = handleSubmit(async (change) => {
    try {
      await onSave(change);
      onClose();
    } catch (err) {
      showServerErrors(err, setError, ['name', 'phone'], { phone_taken: 'phone' });
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void save(e)} noValidate>
        <DialogTitle>编辑用户</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField control={control} name="name" label="姓名" required />
            <FormPhoneField control={control} name="phone" label="手机号" required />
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
