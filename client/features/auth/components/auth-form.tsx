import type { FormEventHandler, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { LoginRedirectState } from '@client/components/auth/require-auth';
import { AuthShell } from './auth-shell';

/** A link to the other account screen, carrying where to return after signing in. */
export interface AuthSwitch {
  prompt: string;
  label: string;
  to: '/login' | '/register';
  state: LoginRedirectState | null;
}

/**
 * The login and register screens' form in their frame: the fields, the full-width submit button
 * and the link to the other screen under it.
 */
export function AuthForm({
  title,
  subtitle,
  label,
  submitLabel,
  submitting,
  onSubmit,
  switchTo,
  children,
}: {
  title: string;
  subtitle: string;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  switchTo: AuthSwitch;
  children: ReactNode;
}) {
  return (
    <AuthShell title={title} subtitle={subtitle}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
        {children}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={submitting}
          sx={{ py: 1.25, fontSize: 16 }}
        >
          {submitLabel}
        </Button>
        <Typography sx={{ mt: 3, textAlign: 'center', fontSize: 14 }} color="textSecondary">
          {switchTo.prompt}
          <Link component={RouterLink} to={switchTo.to} state={switchTo.state} underline="always">
            {switchTo.label}
          </Link>
        </Typography>
      </Box>
    </AuthShell>
  );
}
