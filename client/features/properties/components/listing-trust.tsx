/**
 * The listing detail page's trust parts (issue 19): the verification code with its check, the
 * owner's notice after a report, and 举报 (the dialog loads on first use).
 */
import { lazy, memo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import { REPORT_MESSAGES } from '@couchdb/model/trust-facts';
import {
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUS_LABELS,
} from '@couchdb/model/verification-facts';
import { formatDate } from '@couchdb/rules/format';
import { ownListingNotice } from '@couchdb/rules/property-status';
import type { LoginRedirectState } from '@client/components/auth/require-auth';
import { LazyPart } from '@client/components/lazy-part';
import { moderationText } from '@client/components/property/moderation-text';
import { VerifiedBadge } from '@client/components/property/verified-badge';
import { useToast } from '@client/components/toast/toast-context';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { Section } from './detail-layout';

const ReportDialog = lazy(() => import('./report-dialog'));

/** 房源核验: the code and its check, when the listing has a code. */
export const VerificationSection = memo(function VerificationSection({
  property: p,
}: {
  property: PropertyDoc;
}) {
  if (!p.verification_code) return null;
  const status = p.verification_status ?? 'unchecked';
  return (
    <Section title="房源核验">
      <Stack spacing={1} data-testid="detail-verification">
        <VerifiedBadge property={p} />
        <Typography sx={{ fontSize: 14 }}>
          {VERIFICATION_MESSAGES.codeLabel}：{p.verification_code}
        </Typography>
        <Typography color="textSecondary" sx={{ fontSize: 13 }}>
          核验状态：{VERIFICATION_STATUS_LABELS[status]}
          {status === 'verified' && p.verified_at ? `（${formatDate(p.verified_at)}）` : ''}
        </Typography>
      </Stack>
    </Section>
  );
});

/** The owner's notice after a report: taken down, or asked to fix (issue 19). */
export function ModerationNotice({ property: p }: { property: PropertyDoc }) {
  const { user } = useAuth();
  if (!p.moderation || user?.id !== p.user_id) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2, mx: { xs: 2, md: 0 }, mt: { xs: 2, md: 0 } }}
      data-testid="moderation-notice"
    >
      {moderationText(p.moderation)}
    </Alert>
  );
}

/** To the owner: why others cannot see the listing now (review, rejection, off the market). */
export function OwnListingNotice({ property: p }: { property: PropertyDoc }) {
  const { user } = useAuth();
  const notice = user?.id === p.user_id ? ownListingNotice(p) : null;
  if (!notice) return null;
  return (
    <Alert
      severity={p.audit_status === 'rejected' ? 'warning' : 'info'}
      sx={{ mb: 2, mx: { xs: 2, md: 0 }, mt: { xs: 2, md: 0 } }}
      data-testid="own-listing-notice"
    >
      {notice}
    </Alert>
  );
}

/** 举报: signed-in users other than the owner; a visitor is led to log in first. */
export const ReportListing = memo(function ReportListing({
  property: p,
}: {
  property: PropertyDoc;
}) {
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (user?.id === p.user_id) return null;

  const start = () => {
    if (!user) {
      toast.warning(REPORT_MESSAGES.loginToReport);
      const state: LoginRedirectState = {
        from: { pathname: location.pathname, search: location.search, hash: location.hash },
      };
      void navigate('/login', { state });
      return;
    }
    setLoaded(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<FlagOutlined />}
        onClick={start}
        sx={{ alignSelf: 'flex-start', color: 'text.secondary' }}
        data-testid="report-listing"
      >
        {user ? REPORT_MESSAGES.action : REPORT_MESSAGES.loginToReport}
      </Button>
      {loaded && (
        <LazyPart name="report dialog" fallback={null}>
          <ReportDialog
            propertyId={p.id}
            title={p.title}
            open={open}
            onClose={() => setOpen(false)}
          />
        </LazyPart>
      )}
    </>
  );
});
