import { styled } from '@mui/material/styles';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { isVerifiedListing, VERIFICATION_MESSAGES } from '@couchdb/model/verification-facts';
import type { VerificationStatus } from '@couchdb/model/verification-facts';
import { COLORS } from '@client/components/look';

/** One static style (cards show it in lists). */
const Badge = styled('span')({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  fontSize: 12,
  fontWeight: 600,
  padding: '1px 6px',
  borderRadius: 4,
  backgroundColor: '#e8f3ff',
  color: COLORS.primary.dark,
  maxWidth: '100%',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  '& svg': { fontSize: 14 },
});

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
    <Badge data-testid="verified-badge">
      <VerifiedOutlined fontSize="inherit" aria-hidden />
      {VERIFICATION_MESSAGES.badgeWithCode(property.verification_code ?? '')}
    </Badge>
  );
}
