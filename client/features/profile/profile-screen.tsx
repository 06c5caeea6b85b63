import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '@couchdb/model/user';
import { PagePlaceholder } from '@client/components/page-placeholder';
import { useAuth } from '@client/features/auth/auth-context';
import { displayName } from '@client/features/auth/display-name';
import { StorageUsageCard } from './components/storage-usage-card';

/**
 * 个人中心: shows who is signed in and this device's storage; editing and the role's link grid come
 * with the profile issue.
 */
export default function ProfileScreen() {
  const { user } = useAuth();
  return (
    <PagePlaceholder title="个人中心" description="资料编辑、修改密码和常用功能入口。">
      {user && (
        <Card sx={{ p: 3, mb: 2 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar
              src={user.avatar_url || undefined}
              sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}
            >
              {displayName(user).slice(0, 1)}
            </Avatar>
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="p" noWrap>
                {displayName(user)}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography color="text.secondary" data-testid="profile-phone">
                  {user.phone}
                </Typography>
                <Chip size="small" color="primary" label={ROLE_LABELS[user.user_type]} />
              </Stack>
            </Stack>
          </Stack>
        </Card>
      )}
      <StorageUsageCard />
    </PagePlaceholder>
  );
}
