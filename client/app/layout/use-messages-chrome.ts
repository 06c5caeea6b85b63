/** Loads the chrome's 消息 entries (messages-chrome.tsx) once a user is signed in; null until then. */
import { useEffect, useState } from 'react';
import { useAuth } from '@client/lib/session/auth-context';

type MessagesChrome = typeof import('./messages-chrome');
let loaded: MessagesChrome | null = null;

export function useMessagesChrome(): MessagesChrome | null {
  const { user } = useAuth();
  const [chrome, setChrome] = useState<MessagesChrome | null>(loaded);
  useEffect(() => {
    if (!user || chrome) return;
    let live = true;
    import('./messages-chrome').then(
      (m) => {
        loaded = m;
        if (live) setChrome(m);
      },
      (err: unknown) => console.error('loading the messages entries failed', err),
    );
    return () => {
      live = false;
    };
  }, [user, chrome]);
  return user ? chrome : null;
}
