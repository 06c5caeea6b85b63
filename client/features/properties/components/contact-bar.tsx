import { memo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';

/** The bar's height above the safe area (the page leaves this much room under its content). */
export const CONTACT_BAR_HEIGHT = 64;

const SHOWN_ON_PHONES = { xs: 'flex', md: 'none' } as const;

/**
 * The phone detail page's contact bar (issue 18), fixed at the bottom where the tab bar is on other
 * screens: 收藏 and 分享 beside a wide 电话咨询. Laptops keep the summary panel's buttons instead.
 * Shown and hidden by CSS only, so the gateway's render and the page's first render agree.
 */
export const ContactBar = memo(function ContactBar({
  favorited,
  onFavorite,
  onShare,
  callHref,
  onCall,
}: {
  favorited: boolean;
  onFavorite: () => void;
  onShare: () => void;
  /**
   * What 电话咨询 links to: tel: when the number may be called at once, a visitor's login (with the
   * way back, working before the app has loaded); null: onCall opens the dialog. onCall runs
   * first and may take the tap over (preventDefault).
   */
  callHref: string | null;
  onCall: (event?: { preventDefault(): void }) => void;
}) {
  const call = {
    variant: 'contained',
    color: 'secondary',
    size: 'large',
    startIcon: <PhoneInTalkOutlined />,
    onClick: onCall,
    sx: { flexGrow: 1, ml: 1, height: 44, borderRadius: 22, fontSize: 16 },
  } as const;
  return (
    <>
      <Box
        aria-hidden
        sx={{
          display: SHOWN_ON_PHONES,
          height: `calc(${CONTACT_BAR_HEIGHT}px + env(safe-area-inset-bottom))`,
        }}
      />
      <Paper
        component="section"
        aria-label="联系栏"
        data-testid="contact-bar"
        square
        elevation={0}
        sx={{
          display: SHOWN_ON_PHONES,
          alignItems: 'center',
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          height: `calc(${CONTACT_BAR_HEIGHT}px + env(safe-area-inset-bottom))`,
          px: 1.5,
          pb: 'env(safe-area-inset-bottom)',
          borderTop: 1,
          borderColor: 'divider',
          boxShadow: '0 -2px 12px rgba(0,0,0,0.06)',
        }}
      >
        <BarAction
          label={favorited ? '已收藏' : '收藏'}
          pressed={favorited}
          onClick={onFavorite}
          icon={favorited ? <Favorite color="secondary" /> : <FavoriteBorder />}
        />
        <BarAction label="分享" onClick={onShare} icon={<ShareOutlined />} />
        {callHref ? (
          <Button {...call} href={callHref}>
            电话咨询
          </Button>
        ) : (
          <Button {...call}>电话咨询</Button>
        )}
      </Paper>
    </>
  );
});

/** An icon over its label, as the tab bar draws them. */
function BarAction({
  label,
  icon,
  onClick,
  pressed,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean;
}) {
  return (
    <Button
      onClick={onClick}
      color="inherit"
      {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
      sx={{
        flexDirection: 'column',
        minWidth: 56,
        px: 1,
        py: 0.5,
        gap: 0.25,
        fontSize: 12,
        lineHeight: 1.2,
        color: 'text.secondary',
      }}
    >
      {icon}
      {label}
    </Button>
  );
}
