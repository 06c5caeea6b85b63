import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { ROLE_LABELS } from '@couchdb/model/roles';
import { useAuth } from '@client/lib/session/auth-context';
import { displayName } from '@client/lib/session/display-name';
import { useSignOut } from '@client/components/auth/use-sign-out';
import { InstallListItem } from '@client/pwa/install-list-item';
import { isActive, MAIN_NAV, SIGN_OUT_LABEL, USER_MENU } from './nav-items';

/** The mobile menu (drawer): the header links and the user entries without the publish ones. */
export function MobileMenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const { signOut, signingOut } = useSignOut();
  const { pathname } = useLocation();
  const close = onClose;

  return (
    <Drawer anchor="right" open={open} onClose={close}>
      <Box sx={{ width: 280 }} role="navigation" aria-label="移动端菜单">
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}
        >
          {user ? (
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {displayName(user)}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {ROLE_LABELS[user.user_type]}
              </Typography>
            </Box>
          ) : (
            <Typography sx={{ fontWeight: 600 }}>菜单</Typography>
          )}
          <IconButton aria-label="关闭菜单" onClick={close}>
            <Close />
          </IconButton>
        </Stack>
        <Divider />
        <List>
          {MAIN_NAV.map((item) => (
            <ListItemButton
              key={item.to}
              component={RouterLink}
              to={item.to}
              selected={isActive(pathname, item.to)}
              onClick={close}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
          <InstallListItem />
        </List>
        <Divider />
        {user ? (
          <List>
            {USER_MENU.filter((item) => !item.publish).map((item) => (
              <ListItemButton
                key={item.to}
                component={RouterLink}
                to={item.to}
                selected={isActive(pathname, item.to)}
                onClick={close}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
            <ListItemButton
              disabled={signingOut}
              onClick={() => {
                close();
                signOut();
              }}
            >
              <ListItemText primary={SIGN_OUT_LABEL} />
            </ListItemButton>
          </List>
        ) : (
          <Stack direction="row" spacing={1.5} sx={{ p: 2 }}>
            <Button component={RouterLink} to="/login" variant="outlined" fullWidth onClick={close}>
              登录
            </Button>
            <Button
              component={RouterLink}
              to="/register"
              variant="contained"
              fullWidth
              onClick={close}
            >
              注册
            </Button>
          </Stack>
        )}
      </Box>
    </Drawer>
  );
}
