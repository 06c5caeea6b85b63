import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { loginSchema } from '@couchdb/model/auth';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import { useToast } from '@client/components/toast/toast-context';
import { ApiError } from '@client/lib/api-client';
import { fieldErrorsOf } from '@client/lib/form-errors';
import { useAuth } from '@client/lib/session/auth-context';
import { AuthShell } from './components/auth-shell';
import { PasswordField } from '@client/components/auth/password-field';
import type { LoginRedirectState } from '@client/components/auth/require-auth';
import { FORGOT_PASSWORD_HINT, LOGIN_LOADING_RESET_MS } from './constants';
import { readRememberedPhone, writeRememberedPhone } from '@client/lib/session/user-cache';

type Field = 'phone' | 'password';

function returnPath(state: LoginRedirectState | null): string {
  const from = state?.from;
  if (!from || from.pathname === '/login' || from.pathname === '/register') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** 登录 (spec §2): phone and password; returns to the page the guard came from (default /). */
export default function LoginScreen() {
  const { login } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = location.state as LoginRedirectState | null;

  const [phone, setPhone] = useState(() => redirect?.phone ?? readRememberedPhone());
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => readRememberedPhone() !== '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const clearError = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = loginSchema.safeParse({ phone, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    resetTimer.current = setTimeout(() => setSubmitting(false), LOGIN_LOADING_RESET_MS);
    try {
      await login(parsed.data);
      writeRememberedPhone(remember ? parsed.data.phone : null);
      toast.success(AUTH_MESSAGES.loginSuccess);
      await navigate(returnPath(redirect), { replace: true });
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.fields) setErrors(err.fields);
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
    <AuthShell title="欢迎登录" subtitle="使用手机号和密码登录">
      <Box component="form" noValidate onSubmit={submit} aria-label="登录表单">
        <Stack spacing={2.5}>
          <TextField
            label="手机号"
            name="phone"
            value={phone}
            onChange={(event) => {
              setPhone(event.target.value);
              clearError('phone');
            }}
            error={Boolean(errors.phone)}
            helperText={errors.phone}
            autoComplete="tel"
            autoFocus={!phone}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
          />
          <PasswordField
            label="密码"
            name="password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              clearError('password');
            }}
            error={Boolean(errors.password)}
            helperText={errors.password}
            autoComplete="current-password"
            autoFocus={Boolean(phone)}
          />
        </Stack>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', my: 1.5 }}
        >
          <FormControlLabel
            control={
              <Checkbox
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
              />
            }
            label="记住手机号"
          />
          <Tooltip title={FORGOT_PASSWORD_HINT} enterTouchDelay={0}>
            <Typography
              component="span"
              tabIndex={0}
              aria-disabled="true"
              aria-label={`忘记密码？${FORGOT_PASSWORD_HINT}`}
              sx={{ fontSize: 14, color: 'text.disabled', cursor: 'help' }}
            >
              忘记密码？
            </Typography>
          </Tooltip>
        </Stack>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={submitting}
          sx={{ py: 1.25, fontSize: 16 }}
        >
          登录
        </Button>
        <Typography sx={{ mt: 3, textAlign: 'center', fontSize: 14 }} color="text.secondary">
          还没有账号？
          <Link component={RouterLink} to="/register" state={redirect} underline="hover">
            立即注册
          </Link>
        </Typography>
      </Box>
    </AuthShell>
  );
}
