import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { useAuth } from '@client/lib/session/auth-context';
import { avatarSrc, displayName } from '@client/lib/session/display-name';
import { useSignOut } from '@client/components/auth/use-sign-out';
import { PageHeader } from '@client/components/page-header';
import { RoleChip } from '@client/components/role-chip';
import { ChangePasswordDialog } from './components/change-password-dialog';
import { EditProfileDialog } from './components/edit-profile-dialog';
import { ProfileLinks } from './components/profile-links';
import { AdvancedSettings } from './components/advanced-settings';
import { VideoWifiSwitch } from '@client/components/video-wifi-switch';
import { useOpenDevice } from '@client/data/open-device';

/**
 * 个人中心 (product §2 "Profile"): who is signed in with the role label, editing the profile and the
 * password (both saved on the server), the role's link grid, the upload setting (只在 Wi-Fi 下上传视频),
 * this device's storage folded under 高级设置, and sign out.
 */
export default function ProfileScreen() {
  const { user } = useAuth();
  const { signOut, signingOut } = useSignOut();
  const [dialog, setDialog] = useState<'edit' | 'password' | null>(null);
  const outbox = useOpenDevice()?.outbox;
  if (!user) return null;
  const detail = [user.company, user.position].filter(Boolean).join(' · ');

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title="个人中心" />
      <Card sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            src={avatarSrc(user)}
            alt={displayName(user)}
            data-testid="profile-avatar"
            sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 26 }}
          >
            {displayName(user).slice(0, 1)}
          </Avatar>
          <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Typography variant="h6" component="p" noWrap data-testid="profile-name">
                {displayName(user)}
              </Typography>
              <RoleChip role={user.user_type} full testId="profile-role" />
            </Stack>
            <Typography color="textSecondary" data-testid="profile-phone">
              {user.phone}
            </Typography>
            {detail && (
              <Typography color="textSecondary" sx={{ fontSize: 14 }} noWrap>
                {detail}
              </Typography>
            )}
          </Stack>
        </Stack>
        <Stack useFlexGap direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setDialog('edit')}>
            编辑资料
          </Button>
          <Button
            variant="outlined"
            startIcon={<LockOutlined />}
            onClick={() => setDialog('password')}
          >
            修改密码
          </Button>
        </Stack>
      </Card>

      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 1.5 }}>
        常用功能
      </Typography>
      <ProfileLinks role={user.user_type} />

      <Card sx={{ p: 3, mt: 2, mb: 2 }}>
        <VideoWifiSwitch onChange={() => outbox?.onConnectionChange()} />
      </Card>

      <AdvancedSettings />

      <Button
        fullWidth
        color="error"
        variant="outlined"
        size="large"
        startIcon={<LogoutOutlined />}
        loading={signingOut}
        onClick={signOut}
        sx={{ mt: 3 }}
      >
        退出登录
      </Button>

      {dialog === 'edit' && <EditProfileDialog user={user} onClose={() => setDialog(null)} />}
      {dialog === 'password' && <ChangePasswordDialog onClose={() => setDialog(null)} />}
    </Container>
  );
}
