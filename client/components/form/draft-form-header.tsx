/**
 * A publish form's heading, with 清空草稿 beside it while the form holds a draft kept on the device
 * (a new listing, a new demand); the form confirms before it empties.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';

export function DraftFormHeader({
  title,
  hasDraft,
  onDiscard,
  mb,
}: {
  title: string;
  hasDraft: boolean;
  onDiscard(): void;
  /** The space below (theme units). */
  mb: number;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', mb, gap: 1 }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontSize: { xs: 20, md: 24 } }}>
        {title}
      </Typography>
      {hasDraft && (
        <Button
          size="small"
          color="inherit"
          startIcon={<DeleteSweepOutlined />}
          onClick={onDiscard}
        >
          {PROPERTY_MESSAGES.discardDraft}
        </Button>
      )}
    </Stack>
  );
}
