import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { OplogPanel } from './oplog-panel';

/** One listing's operation log (日志 on a console card). */
export function ListingLogDialog({
  listing,
  onClose,
}: {
  listing: PropertyDoc | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={listing !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle sx={{ pr: 6 }}>
        操作日志：{listing?.title}
        <IconButton
          aria-label="关闭"
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseOutlined />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>{listing && <OplogPanel propertyId={listing.id} />}</Box>
      </DialogContent>
    </Dialog>
  );
}
