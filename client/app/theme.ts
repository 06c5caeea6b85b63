/**
 * The look: a confident green primary (as in the big Chinese property apps), warm red for prices
 * and calls to action, white rounded cards on a light grey page, the system CJK font stack.
 */
import { createTheme } from '@mui/material/styles';
import { zhCN } from '@mui/material/locale';

export const FONT_STACK = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"PingFang SC"',
  '"Noto Sans CJK SC"',
  '"Noto Sans SC"',
  '"Microsoft YaHei"',
  '"Helvetica Neue"',
  'sans-serif',
].join(',');

export const theme = createTheme(
  {
    palette: {
      primary: { main: '#00ae66', dark: '#008c52', light: '#e6f7ef', contrastText: '#ffffff' },
      secondary: { main: '#f4511e', contrastText: '#ffffff' },
      background: { default: '#f5f6f8', paper: '#ffffff' },
      text: { primary: '#1f2329', secondary: '#646a73' },
      divider: '#e8eaed',
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
      button: { fontWeight: 600, textTransform: 'none' },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10 } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: '1px solid #eef0f2' } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 10 } } },
    },
  },
  zhCN,
);
