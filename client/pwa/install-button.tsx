import Button from '@mui/material/Button';
import InstallDesktopOutlined from '@mui/icons-material/InstallDesktopOutlined';
import { useInstallAction } from './install-action';
import { INSTALL_LABEL } from './messages';

/** 安装应用 in the desktop header; hidden when installed or when the browser cannot install. */
export function InstallButton() {
  const { mode, start, dialog } = useInstallAction();
  if (mode === 'none') return null;
  return (
    <>
      <Button color="inherit" startIcon={<InstallDesktopOutlined />} onClick={start}>
        {INSTALL_LABEL}
      </Button>
      {dialog}
    </>
  );
}
