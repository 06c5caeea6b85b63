import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PHONE_READONLY_MESSAGE, profileUpdateSchema } from '@couchdb/model/auth';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import type { User } from '@couchdb/model/user';
import { useToast } from '@client/components/toast/toast-context';
import { ApiError } from '@client/lib/api-client';
import { fieldErrorsOf } from '@client/lib/form-errors';
import { useAuth } from '@client/features/auth/auth-context';

type Field = 'name' | 'company' | 'position';

/** 编辑资料 (spec §2 "Profile"): name, company and position, saved on the server; the phone is fixed. */
export function EditProfileDialog({ user, onClose }: { user: User; onClose(): void }) {
  const { request, updateUser } = useAuth();
  const toast = useToast();
  const [form, setForm] = useState<Record<Field, string>>({
    name: user.name ?? '',
    company: user.company ?? '',
    position: user.position ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = profileUpdateSchema.safeParse({
      name: form.name.trim(),
      company: form.company.trim(),
      position: form.position.trim(),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setSaving(true);
    try {
      const { user: saved } = await request<{ user: User }>('/api/auth/me', {
        method: 'PATCH',
        body: parsed.data,
      });
      updateUser(saved);
      toast.success(AUTH_MESSAGES.profileUpdated);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else if (!(err instanceof ApiError)) console.error('profile update failed', err);
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void save(e)} noValidate>
        <DialogTitle>编辑资料</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="手机号"
              value={user.phone}
              disabled
              helperText={PHONE_READONLY_MESSAGE}
            />
            <TextField
              label="姓名"
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              autoFocus
            />
            <TextField
              label="公司"
              value={form.company}
              onChange={(e) => set('company', e.target.value)}
              error={Boolean(errors.company)}
              helperText={errors.company}
            />
            <TextField
              label="职位"
              value={form.position}
              onChange={(e) => set('position', e.target.value)}
              error={Boolean(errors.position)}
              helperText={errors.position}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="contained" loading={saving}>
            保存
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
