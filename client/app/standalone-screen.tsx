import { Suspense } from 'react';
import { PageSpinner } from '@client/components/page-spinner';
import { DocumentTitle } from './layout/document-title';
import { RouteErrorBoundary } from './route-error-boundary';

/** Frame for the screens outside the main layout (/login, /register, /login-test). */
export function StandaloneScreen() {
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <RouteErrorBoundary />
      </Suspense>
      <DocumentTitle />
    </>
  );
}
