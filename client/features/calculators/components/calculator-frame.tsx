import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@couchdb/rules/format';
import { PageHeader } from '@client/components/page-header';
import { CalculatorBackLink } from './calculator-back-link';

/**
 * The frame of a calculator (房贷, 税费): the way back, the title, the form's card and the result
 * beside it, one under the other on a phone. `wide` gives the result the larger share of a wider
 * page (the mortgage's plans and schedule); otherwise the two halves are even. Columns are
 * minmax(0, …): a table or a long line scrolls or wraps inside its column, never widens the page.
 */
export function CalculatorFrame({
  title,
  formLabel,
  form,
  wide = false,
  children,
}: {
  title: string;
  /** The form's accessible name. */
  formLabel: string;
  /** The form's fields, one under another. */
  form: ReactNode;
  wide?: boolean;
  /** The result. */
  children: ReactNode;
}) {
  return (
    <Container maxWidth={wide ? 'lg' : 'md'} sx={{ py: { xs: 2, md: 3 } }}>
      <CalculatorBackLink />
      <PageHeader title={title} />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: wide ? 'minmax(320px, 5fr) minmax(0, 7fr)' : 'repeat(2, minmax(0, 1fr))',
          },
          alignItems: 'start',
        }}
      >
        <Card sx={{ p: { xs: 2, md: 3 } }} component="form" noValidate aria-label={formLabel}>
          <Stack spacing={2.5}>{form}</Stack>
        </Card>
        {children}
      </Box>
    </Container>
  );
}

/**
 * A result's headline amount (formatMoney: '6,287元', '8万'), its unit set smaller after the
 * figure.
 */
export function BigAmount({ amount, testId }: { amount: number; testId: string }) {
  const text = formatMoney(amount);
  return (
    <Typography
      sx={{ fontSize: 28, fontWeight: 700, color: 'primary.main', lineHeight: 1.3 }}
      data-testid={testId}
    >
      {text.slice(0, -1)}
      <Typography component="span" sx={{ fontSize: 14, ml: 0.5, color: 'text.secondary' }}>
        {text.slice(-1)}
      </Typography>
    </Typography>
  );
}

/** A field's unit at its end ('万元', '㎡', '%'). */
export function Unit({ children }: { children: string }) {
  return <InputAdornment position="end">{children}</InputAdornment>;
}

/** One of a few choices as a row of toggle buttons under a small label. */
export function ChoiceField<T extends FieldValues, Checked = T>({
  control,
  name,
  label,
  options,
}: {
  control: Control<T, unknown, Checked>;
  name: Path<T>;
  label: string;
  /** Value → the button's text, in order. */
  options: Record<string, string>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.75 }}>{label}</Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={field.value}
            onChange={(_e, next: string | null) => next && field.onChange(next)}
            aria-label={label}
          >
            {Object.entries(options).map(([value, text]) => (
              <ToggleButton key={value} value={value}>
                {text}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
    />
  );
}
