import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '@couchdb/model/roles';
import { ApiError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session/auth-context';
import { PasswordField } from '@client/components/auth/password-field';

function timestamp(): string {
  const now = new Date();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}.${pad(now.getMilliseconds(), 3)}`;
}

const STATUS_LABELS = { loading: '检查中', authenticated: '已登录', anonymous: '未登录' } as const;

function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** 登录诊断 (/login-test): runs the real login call and logs each step with a timestamp. */
export default function LoginTestScreen() {
  const { login, status } = useAuth();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [running, setRunning] = useState(false);
  const [lines, setLines] = useState<string[]>(() => [
    `[${timestamp()}] 页面已加载；网络：${navigator.onLine ? '在线' : '离线'}；会话状态：${STATUS_LABELS[status]}`,
  ]);

  const log = (text: string) => setLines((l) => [...l, `[${timestamp()}] ${text}`]);

  const run = async (event: FormEvent) => {
    event.preventDefault();
    setRunning(true);
    const started = performance.now();
    const elapsed = () => `${Math.round(performance.now() - started)} ms`;
    log(`开始登录：POST /api/auth/login，手机号 ${maskPhone(phone.trim())}`);
    try {
      const user = await login({ phone: phone.trim(), password });
      log(
        `登录成功（${elapsed()}）：${user.name || maskPhone(user.phone)}，${ROLE_LABELS[user.user_type]}`,
      );
    } catch (err) {
      if (err instanceof ApiError) {
        log(`登录失败（${elapsed()}）：${err.message}［状态 ${err.status}，代码 ${err.code}］`);
      } else {
        log(`登录失败（${elapsed()}）：${err instanceof Error ? err.message : String(err)}`);
      }
    } finally {
      setRunning(false);
    }
  };

  return (
    <Container component="main" maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        登录诊断
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        用真实的登录接口测试账号，并记录每一步的结果。
        <Link component={RouterLink} to="/">
          返回首页
        </Link>
      </Typography>
      <Box component="form" onSubmit={run} noValidate>
        <Stack spacing={2}>
          <TextField
            label="手机号"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
          />
          <PasswordField
            label="密码"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Stack direction="row" spacing={1.5}>
            <Button
              type="submit"
              variant="contained"
              disabled={!phone.trim() || !password}
              loading={running}
            >
              测试登录
            </Button>
            <Button variant="outlined" onClick={() => setLines([])}>
              清空日志
            </Button>
          </Stack>
        </Stack>
      </Box>
      <Paper
        variant="outlined"
        role="log"
        aria-label="诊断日志"
        sx={{
          mt: 3,
          p: 2,
          minHeight: 160,
          maxHeight: 360,
          overflow: 'auto',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          bgcolor: 'grey.50',
        }}
      >
        {lines.length === 0 ? '（日志为空）' : lines.join('\n')}
      </Paper>
    </Container>
  );
}
