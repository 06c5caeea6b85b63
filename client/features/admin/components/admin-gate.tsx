import type { ReactNode } from 'react';
import { pageDenial } from '@couchdb/rules/access';
import { AccessDenied } from '@client/components/access-denied';
import { useAuth } from '@client/lib/session/auth-context';

/**
 * Every admin page checks the role itself (product §6) and shows 访问受限 to others; `message`
 * replaces the default reason (the review page has its own). The gateway refuses the same writes
 * whatever the page shows.
 */
export function AdminGate({ message, children }: { message?: string; children: ReactNode }) {
  const { user } = useAuth();
  const denial = pageDenial('admin', user ? { id: user.id, role: user.user_type } : null);
  if (denial) {
    return (
      <AccessDenied title={denial.title} message={user && message ? message : denial.message} />
    );
  }
  return <>{children}</>;
}
