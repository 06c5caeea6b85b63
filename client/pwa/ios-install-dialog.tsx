import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import IosShare from '@mui/icons-material/IosShare';
import { APP_NAME } from '@client/config';
import { INSTALL_LABEL } from './messages';

const STEPS = [
  { icon: <IosShare color="primary" />, text: '点击浏览器底部（iPad 为顶部）的“分享”按钮' },
  { icon: <AddBoxOutlined color="primary" />, text: '在分享菜单中选择“添加到主屏幕”，再点“添加”' },
];

/** iOS Safari has no install dialog: the app is added to the home screen from the share sheet. */
export function IosInstallDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{INSTALL_LABEL}</DialogTitle>
      <DialogContent>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          把{APP_NAME}添加到主屏幕，像应用一样打开，离线也能浏览看过的房源。
        </Typography>
        <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {STEPS.map((step, index) => (
            <Stack component="li" key={step.text} direction="row" spacing={1.5}>
              <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{index + 1}</Typography>
              {step.icon}
              <Typography>{step.text}</Typography>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          知道了
        </Button>
      </DialogActions>
    </Dialog>
  );
}
