import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { useInstallAction } from './install-action';
import { INSTALL_LABEL } from './messages';
import { NOTICE_BAR_SX } from './notice-bar-style';
import { dismissUnsentAtRisk } from './storage';

/** At the first unsent item on a browser that may clear the site's data (Safari, not installed). */
const UNSENT_STORAGE_MESSAGES = {
  atRisk:
    '本机有内容尚未发送。此浏览器可能在 7 天未使用后清除本机数据：请将应用安装到主屏幕，或保持联网直到内容发送完成。',
  understood: '知道了',
} as const;

/**
 * A bar under the header, like the offline one (it covers nothing): install the app, or stay online
 * until the unsent items are sent. Stays until closed or until nothing is left to send.
 */
export default function UnsentStorageAlertView() {
  const install = useInstallAction();
  return (
    <Box
      role="alert"
      data-testid="unsent-storage-alert"
      sx={{ ...NOTICE_BAR_SX, flexWrap: 'wrap', columnGap: 1 }}
    >
      <WarningAmberOutlined sx={{ fontSize: 16 }} />
      <Box component="span" sx={{ flex: '1 1 240px', maxWidth: 720 }}>
        {UNSENT_STORAGE_MESSAGES.atRisk}
      </Box>
      {install.mode !== 'none' && (
        <Button size="small" color="inherit" onClick={install.start}>
          {INSTALL_LABEL}
        </Button>
      )}
      <Button size="small" color="inherit" onClick={dismissUnsentAtRisk}>
        {UNSENT_STORAGE_MESSAGES.understood}
      </Button>
      {install.dialog}
    </Box>
  );
}
