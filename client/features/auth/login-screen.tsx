import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { loginFormSchema, type LoginForm } from '@couchdb/model/auth';
import { FORGOT_PASSWORD_MESSAGES } from '@couchdb/model/auth-facts';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import type { LoginRedirectState } from '@client/components/auth/require-auth';
import { redirectFromLink } from '@client/components/auth/login-return';
import { FormPasswordField } from '@client/components/form/form-password-field';
import { FormPhoneField } from '@client/components/form/form-phone-field';
import { showServerErrors } from '@client/components/form/server-errors';
import { useToast } from '@client/components/toast/toast-context';
import { ApiError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session/auth-context';
import { readRememberedPhone, writeRememberedPhone } from '@client/lib/session/user-cache';
import { AuthForm } from './components/auth-form';
import { GuestOnly } from './components/guest-only';
import { ForgotPasswordDialog } from './components/forgot-password-dialog';
import { LOGIN_LOADING_RESET_MS } from './constants';

function returnPath(state: LoginRedirectState | null): string {
  const from = state?.from;
  if (!from || from.pathname === '/login' || from.pathname === '/register') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * 登录 (product §2): phone and password; returns to the page the guard came from (default /). A user
 * already signed in goes to /profile.
 */
export default function LoginScreen() {
  return <GuestOnly>{(signingIn) => <LoginForm signingIn={signingIn} />}</GuestOnly>;
}

function LoginForm({ signingIn }: { signingIn(): void }) {
  const { login, sessionEnded } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  // The way back: the guard's router state, or a plain link's parameter (loginHref).
  const redirect =
    (location.state as LoginRedirectState | null) ?? redirectFromLink(location.search);
  const [initial] = useState(() => {
    const remembered = readRememberedPhone();
    // After the server ended a session, the account is the one whose session it was.
    const phone = redirect?.phone ?? sessionEnded?.phone ?? remembered;
    return { phone, password: '', remember: remembered !== '' };
  });
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: initial,
  });
  // The button stops spinning after a while even if the login never settles (product §4, §9).
  const [submitting, setSubmitting] = useState(false);
  const [forgot, setForgot] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const signIn = async ({ phone, password, remember }: LoginForm) => {
    if (submitting) return;
    signingIn();
    setSubmitting(true);
    resetTimer.current = setTimeout(() => setSubmitting(false), LOGIN_LOADING_RESET_MS);
    try {
      await login({ phone, password });
      writeRememberedPhone(remember ? phone : null);
      toast.success(AUTH_MESSAGES.loginSuccess);
      await navigate(returnPath(redirect), { replace: true });
    } catch (err) {
      if (err instanceof ApiError) {
        showServerErrors(err, setError, ['phone', 'password']);
        toast.error(err.message);
      } else {
        console.error('login failed', err);
        toast.error(AUTH_MESSAGES.loginFailed);
      }
    } finally {
      clearTimeout(resetTimer.current);
      setSubmitting(false);
    }
  };

  return (
    <AuthForm
      title="欢迎登录"
      subtitle="使用手机号和密码登录"
      label="登录表单"
      submitLabel="登录"
      submitting={submitting}
      onSubmit={(e) => void handleSubmit(signIn)(e)}
      switchTo={{ prompt: '还没有账号？', label: '立即注册', to: '/register', state: redirect }}
    >
      <Stack spacing={2.5}>
        {sessionEnded && (
          <Alert severity="info" data-testid="session-ended">
            {sessionEnded.reason ?? AUTH_MESSAGES.sessionEnded}
          </Alert>
        )}
        <FormPhoneField control={control} name="phone" label="手机号" autoFocus={!initial.phone} />
        <FormPasswordField
          control={control}
          name="password"
          label="密码"
          autoComplete="current-password"
          autoFocus={Boolean(initial.phone)}
        />
      </Stack>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', my: 1.5 }}
      >
        <Controller
          control={control}
          name="remember"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              }
              label="记住手机号"
            />
          )}
        />
        <Button size="small" color="inherit" onClick={() => setForgot(true)} sx={{ mr: -1 }}>
          {FORGOT_PASSWORD_MESSAGES.link}
        </Button>
      </Stack>
      <ForgotPasswordDialog open={forgot} onClose={() => setForgot(false)} />
    </AuthForm>
  );
}
