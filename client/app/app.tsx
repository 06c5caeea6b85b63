import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ToastProvider } from '@client/components/toast/toast-provider';
import { AuthProvider } from '@client/features/auth/auth-provider';
import { createAppRouter } from './router';
import { theme } from './theme';

/** Providers around the router: theme, toasts, the session. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}
