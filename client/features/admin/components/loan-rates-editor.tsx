import { useEffect } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InputAdornment from '@mui/material/InputAdornment';
import { loanRatesFormSchema, type LoanRatesFormInput } from '@couchdb/model/setting';
import {
  type LoanRates,
  SETTING_DESCRIPTIONS,
  SETTINGS_MESSAGES,
} from '@couchdb/model/setting-facts';
import { commercialRatePercent } from '@couchdb/rules/mortgage';
import { FormTextField } from '@client/components/form/form-text-field';
import { useToast } from '@client/components/toast/toast-context';
import type { DeviceDatabase } from '@client/data/storage/database';
import { saveLoanRates } from '@client/data/writes/setting-mutations';
import { failureMessage } from '@client/pwa/failure-message';

type Form = Control<LoanRatesFormInput, unknown, LoanRates>;

/** The form shows every number as text (what the admin typed until it is saved). */
const formValues = (rates: LoanRates): LoanRatesFormInput =>
  Object.fromEntries(
    Object.entries(rates).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
  ) as LoanRatesFormInput;

function Field({
  control,
  name,
  label,
  unit,
}: {
  control: Form;
  name: keyof LoanRates;
  label: string;
  unit?: string;
}) {
  const isDate = name === 'lprDate' || name === 'providentDate';
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required
      fullWidth
      type={isDate ? 'date' : 'text'}
      inputMode={isDate ? undefined : 'decimal'}
      slotProps={{
        inputLabel: isDate ? { shrink: true } : undefined,
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {},
      }}
    />
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {children}
      </Stack>
    </Stack>
  );
}

/** The commercial rate the calculator will use, from what is typed (LPR + 基点). */
function CommercialRate({ control }: { control: Form }) {
  const [lpr, bp] = useWatch({ control, name: ['lprPercent', 'basisPoints'] });
  const parsed = loanRatesFormSchema.shape.lprPercent.safeParse(lpr);
  const points = loanRatesFormSchema.shape.basisPoints.safeParse(bp);
  if (!parsed.success || !points.success) return null;
  const rate = commercialRatePercent(parsed.data, points.data);
  return (
    <Typography color="textSecondary" sx={{ fontSize: 13 }} data-testid="commercial-rate">
      商业贷款利率 = LPR {parsed.data}% {points.data >= 0 ? '+' : '−'} {Math.abs(points.data)}
      个基点 = {rate}%
    </Typography>
  );
}

/**
 * 房贷参考利率 (系统设置): the rates and minimum down payments the 房贷计算器 uses on every device,
 * saved on the device first like the other settings (works offline) and checked again by the
 * gateway (the loan_rates setting's schema).
 */
export function LoanRatesEditor({
  rates,
  database,
}: {
  rates: LoanRates;
  database: DeviceDatabase | null;
}) {
  const toast = useToast();
  const form = useForm<LoanRatesFormInput, unknown, LoanRates>({
    resolver: zodResolver(loanRatesFormSchema),
    defaultValues: formValues(rates),
  });
  const { control, handleSubmit, formState, reset } = form;
  const { isDirty } = formState;
  useEffect(() => {
    if (!isDirty) reset(formValues(rates));
  }, [rates, isDirty, reset]);

  const save = handleSubmit(async (values) => {
    try {
      if (!database) throw new Error('no database open');
      await saveLoanRates(database, values);
      reset(formValues(values));
      toast.saved(SETTINGS_MESSAGES.ratesSaved);
    } catch (err) {
      toast.error(
        failureMessage('saving the loan rates failed', err, SETTINGS_MESSAGES.saveFailed),
      );
    }
  });

  return (
    <Card
      component="form"
      aria-labelledby="loan-rates-title"
      onSubmit={(e) => void save(e)}
      noValidate
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack spacing={2.5}>
        <div>
          <Typography id="loan-rates-title" variant="h6" component="h2">
            房贷参考利率
          </Typography>
          <Typography color="textSecondary" sx={{ fontSize: 13 }}>
            {SETTING_DESCRIPTIONS.loan_rates}
          </Typography>
        </div>
        <Group title="商业贷款">
          <Field control={control} name="lprPercent" label="5年期以上LPR" unit="%" />
          <Field control={control} name="basisPoints" label="加减基点" unit="基点" />
          <Field control={control} name="lprDate" label="LPR生效日期" />
        </Group>
        <CommercialRate control={control} />
        <Group title="公积金贷款 · 首套">
          <Field control={control} name="providentFirstLong" label="5年以上" unit="%" />
          <Field control={control} name="providentFirstShort" label="5年及以下" unit="%" />
        </Group>
        <Group title="公积金贷款 · 二套">
          <Field control={control} name="providentSecondLong" label="5年以上" unit="%" />
          <Field control={control} name="providentSecondShort" label="5年及以下" unit="%" />
          <Field control={control} name="providentDate" label="公积金利率生效日期" />
        </Group>
        <Group title="最低首付比例">
          <Field control={control} name="minDownCommercial" label="商业贷款" unit="%" />
          <Field control={control} name="minDownProvidentFirst" label="公积金首套" unit="%" />
          <Field control={control} name="minDownProvidentSecond" label="公积金二套" unit="%" />
        </Group>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={formState.isSubmitting}
          disabled={!isDirty}
        >
          保存参考利率
        </Button>
      </Stack>
    </Card>
  );
}
