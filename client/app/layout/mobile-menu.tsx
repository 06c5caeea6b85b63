import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import MenuIcon from '@mui/icons-material/Menu';

/** The drawer (and Modal, transitions) loads on first open, keeping it out of the first screen. */
const MobileMenuDrawer = lazy(() =>
  import('./mobile-menu-drawer').then((m) => ({ default: m.MobileMenuDrawer })),
);

/** The mobile menu button and its drawer. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  return (
    <>
      <IconButton
        aria-label="打开菜单"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        edge="end"
      >
        <MenuIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
