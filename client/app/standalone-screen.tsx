import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@client/components/page-spinner';

/** Frame for the screens outside the main layout (/login, /register, /login-test). */
export function StandaloneScreen() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
