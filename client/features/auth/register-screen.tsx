import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN, registerFormSchema, type RegisterRequest } from '@couchdb/model/auth';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import { useToast } from '@client/components/toast/toast-context';
import { ApiError } from '@client/lib/api-client';
import { fieldErrorsOf } from '@client/lib/form-errors';
import { useAuth } from '@client/lib/session/auth-context';
import { AuthShell } from './components/auth-shell';
import { PasswordField } from '@client/components/auth/password-field';
import type { LoginRedirectState } from '@client/components/auth/require-auth';

type Field = 'phone' | 'name' | 'password' | 'confirmPassword' | 'agreement';

/** 注册 (spec §2): on success back to /login with the phone filled in. */
export default function RegisterScreen() {
  const { register } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const redirect = useLocation().state as LoginRedirectState | null;

  const [form, setForm] = useState({
    phone: '',
    name: '',
    password: '',
    confirmPassword: '',
    agreement: false,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends Field>(field: K, value: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = registerFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    const { phone, password, name } = parsed.data;
    const request: RegisterRequest = name ? { phone, password, name } : { phone, password };
    setSubmitting(true);
    try {
      await register(request);
      toast.success(AUTH_MESSAGES.registerSuccess);
      const state: LoginRedirectState = { ...redirect, phone };
      await navigate('/login', { state });
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.fields) setErrors(err.fields);
        else if (err.code === 'phone_taken') setErrors({ phone: err.message });
        toast.error(err.message);
      } else {
        console.error('register failed', err);
        toast.error(AUTH_MESSAGES.registerFailed);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell title="注册账号" subtitle="用手机号注册，即可发布房源和需求">
      <Box component="form" noValidate onSubmit={submit} aria-label="注册表单">
        <Stack spacing={2.25}>
          <TextField
            label="手机号"
            name="phone"
            value={form.phone}
            onChange={(event) => set('phone', event.target.value)}
            error={Boolean(errors.phone)}
            helperText={errors.phone}
            autoComplete="tel"
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
          />
          <TextField
            label="姓名（选填）"
            name="name"
            value={form.name}
            onChange={(event) => set('name', event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
            autoComplete="name"
          />
          <PasswordField
            label="密码"
            name="password"
            value={form.password}
            onChange={(event) => set('password', event.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password ?? `至少${PASSWORD_MIN}位`}
            autoComplete="new-password"
          />
          <PasswordField
            label="确认密码"
            name="confirmPassword"
            value={form.confirmPassword}
            onChange={(event) => set('confirmPassword', event.target.value)}
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword}
            autoComplete="new-password"
          />
        </Stack>
        <FormControl error={Boolean(errors.agreement)} sx={{ mt: 1, mb: 2 }}>
          <FormControlLabel
            control={
              <Checkbox
                name="agreement"
                checked={form.agreement}
                onChange={(event) => set('agreement', event.target.checked)}
              />
            }
            label={
              <Typography sx={{ fontSize: 14 }}>
                我已阅读并同意
                <Link component={RouterLink} to="/help#terms" target="_blank" underline="hover">
                  《服务条款》
                </Link>
                和
                <Link component={RouterLink} to="/help#privacy" target="_blank" underline="hover">
                  《隐私政策》
                </Link>
              </Typography>
            }
          />
          {errors.agreement && (
            <FormHelperText sx={{ mt: -0.5 }}>{errors.agreement}</FormHelperText>
          )}
        </FormControl>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={submitting}
          sx={{ py: 1.25, fontSize: 16 }}
        >
          注册
        </Button>
        <Typography sx={{ mt: 3, textAlign: 'center', fontSize: 14 }} color="text.secondary">
          已有账号？
          <Link component={RouterLink} to="/login" state={redirect} underline="hover">
            立即登录
          </Link>
        </Typography>
      </Box>
    </AuthShell>
  );
}
