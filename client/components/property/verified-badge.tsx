import Box from '@mui/material/Box';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { isVerifiedListing, VERIFICATION_MESSAGES } from '@couchdb/model/trust-facts';
import type { VerificationStatus } from '@couchdb/model/trust-facts';

/** 已核验 with the code, only when an admin has checked the listing's verification code (issue 19). */
export function VerifiedBadge({
  property,
}: {
  property: {
    verification_code?: string | undefined;
    verification_status?: VerificationStatus | undefined;
  };
}) {
  if (!isVerifiedListing(property)) return null;
  return (
    <Box
      component="span"
      data-testid="verified-badge"
      sx={{
        alignSelf: 'flex-start',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        fontSize: 12,
        fontWeight: 600,
        px: 0.75,
        py: 0.125,
        borderRadius: '4px',
        bgcolor: '#e8f3ff',
        color: 'primary.dark',
        maxWidth: '100%',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
      }}
    >
      <VerifiedOutlined sx={{ fontSize: 14 }} aria-hidden />
      {VERIFICATION_MESSAGES.badgeWithCode(property.verification_code ?? '')}
    </Box>
  );
}
