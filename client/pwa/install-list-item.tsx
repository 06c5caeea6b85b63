import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import InstallMobileOutlined from '@mui/icons-material/InstallMobileOutlined';
import { useInstallAction } from './install-action';
import { INSTALL_LABEL } from './messages';

/**
 * 安装应用 in the mobile menu drawer; hidden when installed or when the browser cannot install.
 * The drawer stays open, since the iOS instructions dialog lives inside it.
 */
export function InstallListItem() {
  const { mode, start, dialog } = useInstallAction();
  if (mode === 'none') return null;
  return (
    <>
      <ListItemButton onClick={start}>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <InstallMobileOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={INSTALL_LABEL} secondary="添加到主屏幕，离线也能用" />
      </ListItemButton>
      {dialog}
    </>
  );
}
