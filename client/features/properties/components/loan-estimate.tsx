import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import type { LoanRates } from '@couchdb/model/setting-facts';
import { formatMoney, formatPrice } from '@couchdb/rules/format';
import {
  DEFAULT_LOAN_PLAN,
  LOAN_KIND_LABELS,
  listingLoanEstimate,
  REPAYMENT_LABELS,
} from '@couchdb/rules/mortgage';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { Section } from './detail-layout';

/**
 * A sale listing's 首付 and 月供 at the reference rates the device holds (issue 18), and its way
 * into the calculators prefilled with its price and area (issue 15): arithmetic on the device, so
 * it shows offline too.
 */
export const LoanEstimate = memo(function LoanEstimate({
  property: p,
  rates,
}: {
  property: PropertyDoc;
  rates: LoanRates;
}) {
  const estimate = listingLoanEstimate(p.price, rates);
  const query = new URLSearchParams({ price: String(p.price) });
  if (p.area > 0) query.set('area', String(p.area));
  return (
    <Section title="购房计算">
      <Box
        data-testid="loan-estimate"
        sx={{
          display: 'grid',
          gridTemplateColumns: '1fr 1fr',
          gap: 1.5,
          p: 2,
          mb: 1.5,
          borderRadius: 2,
          bgcolor: 'primary.light',
        }}
      >
        <Figure
          label={`首付（${DEFAULT_LOAN_PLAN.downPaymentCheng}成）`}
          testId="loan-down-payment"
        >
          {formatMoney(estimate.downPayment)}
        </Figure>
        <Figure label="参考月供" testId="loan-monthly">
          {formatMoney(estimate.monthlyPayment)}
        </Figure>
      </Box>
      <Typography color="textSecondary" sx={{ fontSize: 13, mb: 1.5 }}>
        总价{formatPrice('sale', p.price)}，{LOAN_KIND_LABELS[DEFAULT_LOAN_PLAN.kind]}
        {estimate.years}年，年利率{estimate.ratePercent}%，
        {REPAYMENT_LABELS[DEFAULT_LOAN_PLAN.method]}；仅供参考
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          component={RouterLink}
          to={`/tools/mortgage?${query.toString()}`}
          variant="outlined"
          startIcon={<CalculateOutlined />}
        >
          房贷计算
        </Button>
        <Button component={RouterLink} to={`/tools/tax?${query.toString()}`} variant="text">
          税费估算
        </Button>
      </Stack>
    </Section>
  );
});

function Figure({ label, testId, children }: { label: string; testId: string; children: string }) {
  return (
    <Box>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{label}</Typography>
      <Typography
        data-testid={testId}
        sx={{ fontSize: 22, fontWeight: 700, color: 'secondary.main', lineHeight: 1.4 }}
      >
        {children}
      </Typography>
    </Box>
  );
}
