import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import type { User } from '@couchdb/model/user';
import { ROLE_LABELS } from '@couchdb/model/roles';
import { avatarSrc, displayName } from '@client/lib/session/display-name';
import { useSignOut } from '@client/components/auth/use-sign-out';
import { SIGN_OUT_LABEL, USER_MENU } from './nav-items';

/** Desktop user menu: profile, publish management, both publish entries, sign out. */
export function UserMenu({ user }: { user: User }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { signOut, signingOut } = useSignOut();
  const close = () => setAnchor(null);
  const name = displayName(user);

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        // Begins with the name it shows, so a voice user who says it presses it (WCAG 2.5.3).
        aria-label={`${name} 用户菜单`}
        endIcon={<KeyboardArrowDown />}
        sx={{ gap: 0.5 }}
      >
        <Avatar
          src={avatarSrc(user)}
          alt=""
          aria-hidden
          sx={{
            width: 30,
            height: 30,
            bgcolor: 'primary.main',
            fontSize: 14,
            '& [data-initial]::before': { content: 'attr(data-initial)' },
          }}
        >
          {/* Drawn by CSS: the button's text is the name alone, which its name holds (WCAG 2.5.3). */}
          <span data-initial={name.slice(0, 1)} />
        </Avatar>
        <Typography component="span" sx={{ maxWidth: 120 }} noWrap>
          {name}
        </Typography>
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 180, mt: 1 } } }}
      >
        <Typography
          component="li"
          variant="caption"
          color="textSecondary"
          sx={{ display: 'block', px: 2, pb: 1 }}
        >
          {ROLE_LABELS[user.user_type]}
        </Typography>
        {USER_MENU.map((item) => (
          <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={close}>
            {item.label}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          disabled={signingOut}
          sx={{ color: 'text.secondary' }}
          onClick={() => {
            close();
            signOut();
          }}
        >
          {SIGN_OUT_LABEL}
        </MenuItem>
      </Menu>
    </>
  );
}
