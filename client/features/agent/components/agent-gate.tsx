import type { ReactNode } from 'react';
import { pageDenial } from '@couchdb/rules/access';
import { AccessDenied } from '@client/components/access-denied';
import { useAuth } from '@client/lib/session/auth-context';

/**
 * The agents' pages check the role themselves (product §2 "Agent pages", §6): others see 访问受限,
 * this page is for agents only, with a link to /profile. Hiding a page protects nothing: what it
 * writes, the gateway checks again.
 */
export function AgentGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const denial = pageDenial('agent', user ? { id: user.id, role: user.user_type } : null);
  if (denial) {
    return (
      <AccessDenied
        title={denial.title}
        message={denial.message}
        actionTo="/profile"
        actionLabel="前往个人中心"
      />
    );
  }
  return <>{children}</>;
}
