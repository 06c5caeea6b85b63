import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import MenuIcon from '@mui/icons-material/Menu';

/** The drawer (and Modal, transitions) loads on first open, keeping it out of the first screen. */
const MobileMenuDrawer = lazy(() =>
  import('./mobile-menu-drawer').then((m) => ({ default: m.MobileMenuDrawer })),
);

/**
 * The mobile menu button and its drawer. The button is drawn like MUI's IconButton (edge="end"):
 * it is on every phone's first screen, so IconButton's code does not load with it.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  return (
    <>
      <Box
        component="button"
        type="button"
        aria-label="打开菜单"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 1,
          mr: '-12px',
          border: 0,
          borderRadius: '50%',
          bgcolor: 'transparent',
          color: 'action.active',
          cursor: 'pointer',
          fontSize: 24,
          WebkitTapHighlightColor: 'transparent',
          '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <MenuIcon fontSize="inherit" />
      </Box>
      {opened && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
