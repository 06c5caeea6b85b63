import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { registerFormSchema, type RegisterRequest } from '@couchdb/model/auth';
import { PASSWORD_MIN } from '@couchdb/model/auth-facts';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import type { LoginRedirectState } from '@client/components/auth/require-auth';
import { redirectFromLink } from '@client/components/auth/login-return';
import { FormPasswordField } from '@client/components/form/form-password-field';
import { FormPhoneField } from '@client/components/form/form-phone-field';
import { FormTextField } from '@client/components/form/form-text-field';
import { showServerErrors } from '@client/components/form/server-errors';
import { useToast } from '@client/components/toast/toast-context';
import { ApiError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session/auth-context';
import { AuthForm } from './components/auth-form';
import { GuestOnly } from './components/guest-only';

const EMPTY = { phone: '', name: '', password: '', confirmPassword: '', agreement: false };

/**
 * 注册 (product §2): on success back to /login with the phone filled in. A user already signed in
 * goes to /profile.
 */
export default function RegisterScreen() {
  return <GuestOnly>{() => <RegisterForm />}</GuestOnly>;
}

function RegisterForm() {
  const { register } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  // The way back: the guard's router state, or a plain link's parameter (loginHref).
  const redirect =
    (location.state as LoginRedirectState | null) ?? redirectFromLink(location.search);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async ({ phone, password, name }) => {
    const request: RegisterRequest = name ? { phone, password, name } : { phone, password };
    try {
      await register(request);
      toast.success(AUTH_MESSAGES.registerSuccess);
      const state: LoginRedirectState = { ...redirect, phone };
      await navigate('/login', { state });
    } catch (err) {
      if (err instanceof ApiError) {
        showServerErrors(err, setError, ['phone', 'name', 'password'], { phone_taken: 'phone' });
        toast.error(err.message);
      } else {
        console.error('register failed', err);
        toast.error(AUTH_MESSAGES.registerFailed);
      }
    }
  });

  return (
    <AuthForm
      title="注册账号"
      subtitle="用手机号注册，即可发布房源和需求"
      label="注册表单"
      submitLabel="注册"
      submitting={formState.isSubmitting}
      onSubmit={(e) => void submit(e)}
      switchTo={{ prompt: '已有账号？', label: '立即登录', to: '/login', state: redirect }}
    >
      <Stack spacing={2.25}>
        <FormPhoneField control={control} name="phone" label="手机号" autoFocus />
        <FormTextField control={control} name="name" label="姓名（选填）" autoComplete="name" />
        <FormPasswordField
          control={control}
          name="password"
          label="密码"
          helperText={`至少${PASSWORD_MIN}位`}
          autoComplete="new-password"
        />
        <FormPasswordField
          control={control}
          name="confirmPassword"
          label="确认密码"
          autoComplete="new-password"
        />
      </Stack>
      <Controller
        control={control}
        name="agreement"
        render={({ field, fieldState }) => (
          <FormControl error={fieldState.error !== undefined} sx={{ mt: 1, mb: 2 }}>
            <FormControlLabel
              control={
                <Checkbox
                  name={field.name}
                  slotProps={{ input: { ref: field.ref } }}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
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
            {fieldState.error && (
              <FormHelperText sx={{ mt: -0.5 }}>{fieldState.error.message}</FormHelperText>
            )}
          </FormControl>
        )}
      />
    </AuthForm>
  );
}
