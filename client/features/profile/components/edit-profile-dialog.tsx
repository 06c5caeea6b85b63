import { useEffect, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { profileUpdateSchema } from '@couchdb/model/auth';
import { PHONE_READONLY_MESSAGE } from '@couchdb/model/auth-facts';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import { checkImageFile, IMAGE_MIME_TYPES, UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import type { User } from '@couchdb/model/user';
import { AVATAR_MESSAGES } from '@couchdb/model/user-facts';
import { FormTextField } from '@client/components/form/form-text-field';
import { showServerErrors } from '@client/components/form/server-errors';
import { useToast } from '@client/components/toast/toast-context';
import { ApiError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session/auth-context';
import { avatarSrc, displayName } from '@client/lib/session/display-name';

/** The avatar as edited: unchanged, a newly chosen photo (uploaded on save), or removed. */
type AvatarChoice =
  { kind: 'keep' } | { kind: 'new'; file: File; preview: string } | { kind: 'none' };

/**
 * 编辑资料 (product §2 "Profile"): avatar, name, company and position, saved on the server; the phone
 * is fixed. A new photo is uploaded through /api/media on save and its link stored as avatar_url.
 */
export function EditProfileDialog({ user, onClose }: { user: User; onClose(): void }) {
  const { request, updateUser } = useAuth();
  const toast = useToast();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      name: user.name ?? '',
      company: user.company ?? '',
      position: user.position ?? '',
    },
  });
  const saving = formState.isSubmitting;
  const [avatar, setAvatar] = useState<AvatarChoice>({ kind: 'keep' });
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const preview = avatar.kind === 'new' ? avatar.preview : null;
  useEffect(
    () => () => {
      if (preview !== null) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shownAvatar =
    avatar.kind === 'new' ? avatar.preview : avatar.kind === 'none' ? undefined : avatarSrc(user);

  const chooseAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setAvatarError(problem);
      return;
    }
    setAvatarError(null);
    setAvatar({ kind: 'new', file, preview: URL.createObjectURL(file) });
  };

  /** The avatar_url to save: the uploaded photo's link, '' when removed, undefined when unchanged. */
  const avatarUrl = async (): Promise<string | undefined> => {
    if (avatar.kind === 'none') return '';
    if (avatar.kind === 'keep') return undefined;
    const body = new FormData();
    body.append('file', avatar.file, avatar.file.name);
    try {
      const { files } = await request<{ files: { url: string; thumbnail_url: string }[] }>(
        '/api/media',
        { method: 'POST', body },
      );
      const stored = files[0];
      // The thumbnail (480 px) is plenty for an avatar and much lighter than the photo.
      const url = stored?.thumbnail_url || stored?.url;
      if (!url) throw new Error(UPLOAD_MESSAGES.imageUrlMissing);
      return url;
    } catch (err) {
      if (!(err instanceof ApiError)) console.error('avatar upload failed', err);
      throw new AvatarUploadError(
        AVATAR_MESSAGES.uploadFailed(err instanceof Error ? err.message : String(err)),
      );
    }
  };

  const save = handleSubmit(async (profile) => {
    setAvatarError(null);
    try {
      const avatar_url = await avatarUrl();
      const { user: saved } = await request<{ user: User }>('/api/auth/me', {
        method: 'PATCH',
        body: avatar_url === undefined ? profile : { ...profile, avatar_url },
      });
      updateUser(saved);
      toast.success(AUTH_MESSAGES.profileUpdated);
      onClose();
    } catch (err) {
      if (err instanceof AvatarUploadError) setAvatarError(err.message);
      else if (err instanceof ApiError && err.fields?.avatar_url)
        setAvatarError(err.fields.avatar_url);
      showServerErrors(err, setError, ['name', 'company', 'position']);
      if (!(err instanceof ApiError)) console.error('profile update failed', err);
      toast.error(err instanceof Error ? err.message : String(err));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void save(e)} noValidate>
        <DialogTitle>编辑资料</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar
                src={shownAvatar}
                alt="头像预览"
                data-testid="avatar-preview"
                sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }}
              >
                {displayName(user).slice(0, 1)}
              </Avatar>
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Button
                  component="label"
                  variant="outlined"
                  size="small"
                  startIcon={<PhotoCameraOutlined />}
                  disabled={saving}
                >
                  {AVATAR_MESSAGES.choose}
                  <input
                    hidden
                    type="file"
                    accept={IMAGE_MIME_TYPES.join(',')}
                    aria-label="选择头像图片"
                    onChange={chooseAvatar}
                  />
                </Button>
                {shownAvatar && (
                  <Button
                    size="small"
                    color="inherit"
                    disabled={saving}
                    onClick={() => {
                      setAvatar({ kind: 'none' });
                      setAvatarError(null);
                    }}
                  >
                    {AVATAR_MESSAGES.remove}
                  </Button>
                )}
              </Stack>
            </Stack>
            {avatarError && (
              <Alert severity="error" data-testid="avatar-error">
                {avatarError}
              </Alert>
            )}
            <TextField
              label="手机号"
              value={user.phone}
              disabled
              helperText={PHONE_READONLY_MESSAGE}
            />
            <FormTextField control={control} name="name" label="姓名" autoFocus />
            <FormTextField control={control} name="company" label="公司" />
            <FormTextField control={control} name="position" label="职位" />
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

class AvatarUploadError extends Error {}
