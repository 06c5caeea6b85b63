/**
 * The 消息 entries of the chrome with their unread badge (issue 19): a button in the laptop header
 * and a tab in the phone's tab bar. Signed-in users only, so this is a chunk of its own
 * (use-messages-chrome.ts loads it) and the first screen's JavaScript does not grow.
 */
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import MailOutlined from '@mui/icons-material/MailOutlined';
import { INBOX_MESSAGES } from '@couchdb/model/saved-search-facts';
import { useUnreadInbox } from '@client/data/inbox/inbox-badge';

export const MESSAGES_PATH = '/messages';

/** Past this the badge shows 99+. */
const BADGE_MAX = 99;

const label = (unread: number) =>
  unread > 0 ? `${INBOX_MESSAGES.title}（${INBOX_MESSAGES.unread(unread)}）` : INBOX_MESSAGES.title;

function UnreadIcon({ unread }: { unread: number }) {
  return (
    <Badge
      color="error"
      // Drawn by CSS, not text: the count is in the entry's name (消息（N条未读）), and a name
      // holds what its control shows (WCAG 2.5.3), which a number beside 消息 would break.
      badgeContent={<span data-count={unread > BADGE_MAX ? `${BADGE_MAX}+` : unread} />}
      data-testid="inbox-badge"
      invisible={unread === 0}
      sx={{ '& [data-count]::before': { content: 'attr(data-count)' } }}
    >
      <MailOutlined />
    </Badge>
  );
}

/** Laptop header: an icon button with the badge. */
export function MessagesButton() {
  const unread = useUnreadInbox();
  return (
    <Tooltip title={INBOX_MESSAGES.title}>
      <IconButton component={RouterLink} to={MESSAGES_PATH} aria-label={label(unread)}>
        <UnreadIcon unread={unread} />
      </IconButton>
    </Tooltip>
  );
}

/** Phone tab bar: a tab with the badge (BottomNavigation passes its selection props through). */
export function MessagesTab(props: { value: string; selected?: boolean; showLabel?: boolean }) {
  const unread = useUnreadInbox();
  return (
    <BottomNavigationAction
      {...props}
      label={INBOX_MESSAGES.title}
      aria-label={label(unread)}
      icon={<UnreadIcon unread={unread} />}
      component={RouterLink}
      to={MESSAGES_PATH}
    />
  );
}
