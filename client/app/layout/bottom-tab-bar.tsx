import type { ReactElement } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { hidesTabBar, isActive } from './nav-items';
import { useTabBarReleased } from '@client/lib/tab-bar-release';
import { useMessagesChrome } from './use-messages-chrome';

const TABS: { label: string; to: string; icon: ReactElement }[] = [
  { label: '首页', to: '/', icon: <HomeOutlined /> },
  { label: '资讯', to: '/news', icon: <ArticleOutlined /> },
  { label: '房源', to: '/properties', icon: <ApartmentOutlined /> },
  { label: '我的', to: '/profile', icon: <PersonOutlined /> },
];

/** Height of the bar, so the page can leave room for it. */
export const BOTTOM_TAB_BAR_HEIGHT = 56;

/**
 * Mobile bottom tab bar (product §2 "Chrome"). It lives in the main layout, so /login and /register
 * never show it; a listing's page shows its contact bar there instead (hidesTabBar).
 */
export function BottomTabBar() {
  const { pathname } = useLocation();
  const released = useTabBarReleased();
  const chrome = useMessagesChrome();
  const current =
    chrome && isActive(pathname, chrome.MESSAGES_PATH)
      ? chrome.MESSAGES_PATH
      : (TABS.find((tab) => isActive(pathname, tab.to))?.to ?? false);
  if (hidesTabBar(pathname) && !released) return null;

  return (
    <Paper
      component="nav"
      aria-label="底部导航"
      square
      elevation={0}
      sx={{
        display: { xs: 'block', md: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        borderTop: 1,
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation
        value={current}
        showLabels
        // Five tabs share a 360–390 px screen (MUI's 80 px minimum would overflow it).
        sx={{ height: BOTTOM_TAB_BAR_HEIGHT, '& .MuiBottomNavigationAction-root': { minWidth: 0 } }}
      >
        {TABS.map((tab) => (
          <BottomNavigationAction
            key={tab.to}
            value={tab.to}
            label={tab.label}
            icon={tab.icon}
            component={RouterLink}
            to={tab.to}
          />
        ))}
        {/* Signed in: 消息 with its unread badge, last. */}
        {chrome && <chrome.MessagesTab value={chrome.MESSAGES_PATH} />}
      </BottomNavigation>
    </Paper>
  );
}
