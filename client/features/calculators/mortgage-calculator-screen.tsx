import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DOWN_PAYMENT_CHENG,
  mortgageFormSchema,
  type MortgageForm,
  type MortgageFormInput,
} from '@couchdb/model/calculator';
import type { LoanRates } from '@couchdb/model/setting-facts';
import { formatMoney } from '@couchdb/rules/format';
import {
  combinePlans,
  DEFAULT_LOAN_PLAN,
  HOME_ORDER_LABELS,
  LOAN_KIND_LABELS,
  MAX_LOAN_YEARS,
  minDownPaymentPercent,
  referenceRate,
  repaymentPlan,
  type HomeOrder,
  type LoanKind,
  type RepaymentMethod,
  type RepaymentPlan,
} from '@couchdb/rules/mortgage';
import { FormTextField } from '@client/components/form/form-text-field';
import { useSettings } from '@client/data/hooks';
import { BigAmount, CalculatorFrame, ChoiceField, Unit } from './components/calculator-frame';
import { ScheduleTable } from './components/schedule-table';

type Values = {
  kind: LoanKind;
  priceMode: 'total' | 'unit';
  totalWan: string;
  unitPrice: string;
  area: string;
  downCheng: string;
  providentWan: string;
  years: string;
  home: HomeOrder;
  commercialRate: string;
  providentRate: string;
};

const YEARS = Array.from({ length: MAX_LOAN_YEARS }, (_, i) => MAX_LOAN_YEARS - i);

/** A number from the query string, or '' (prefill from a listing: ?price=元&area=㎡). */
function queryNumber(params: URLSearchParams, key: string): number | null {
  const n = Number(params.get(key));
  return params.has(key) && Number.isFinite(n) && n > 0 ? n : null;
}

const trimNumber = (n: number, digits: number) => String(Number(n.toFixed(digits)));

function initialValues(params: URLSearchParams, rates: LoanRates): Values {
  const price = queryNumber(params, 'price');
  const area = queryNumber(params, 'area');
  return {
    kind: DEFAULT_LOAN_PLAN.kind,
    priceMode: 'total',
    totalWan: price ? trimNumber(price / 10_000, 4) : '100',
    unitPrice: price && area ? trimNumber(price / area, 2) : '',
    area: area ? trimNumber(area, 2) : '',
    downCheng: String(DEFAULT_LOAN_PLAN.downPaymentCheng),
    providentWan: '',
    years: String(DEFAULT_LOAN_PLAN.years),
    home: DEFAULT_LOAN_PLAN.home,
    commercialRate: String(
      referenceRate(rates, 'commercial', DEFAULT_LOAN_PLAN.home, DEFAULT_LOAN_PLAN.years),
    ),
    providentRate: String(
      referenceRate(rates, 'provident', DEFAULT_LOAN_PLAN.home, DEFAULT_LOAN_PLAN.years),
    ),
  };
}

/** Both plans of a checked form: the commercial part, the 公积金 part, or their sum. */
function plansFor(form: MortgageForm): Record<RepaymentMethod, RepaymentPlan> {
  const plan = (method: RepaymentMethod) => {
    if (form.kind === 'commercial') return repaymentPlan(method, form.commercial);
    if (form.kind === 'provident') return repaymentPlan(method, form.provident);
    return combinePlans(
      repaymentPlan(method, form.commercial),
      repaymentPlan(method, form.provident),
    );
  };
  return { equal_installment: plan('equal_installment'), equal_principal: plan('equal_principal') };
}

/**
 * 房贷计算器 (issue 15 item 4): open to everyone (a buyer's tool, prefilled from a sale listing).
 * Pure arithmetic on the device with the reference rates the device holds, so it works offline.
 */
export default function MortgageCalculatorScreen() {
  const [params] = useSearchParams();
  const { loanRates: rates } = useSettings();
  const form = useForm<Values, unknown, MortgageForm>({
    resolver: zodResolver(mortgageFormSchema) as unknown as Resolver<Values, unknown, MortgageForm>,
    defaultValues: initialValues(params, rates),
    mode: 'onChange',
  });
  const { control, setValue, getFieldState } = form;
  const values = useWatch({ control }) as Values;

  // The rates follow the reference (home, term) until the user types their own.
  useEffect(() => {
    const years = Number(values.years) || MAX_LOAN_YEARS;
    if (!getFieldState('commercialRate').isDirty) {
      setValue('commercialRate', String(referenceRate(rates, 'commercial', values.home, years)));
    }
    if (!getFieldState('providentRate').isDirty) {
      setValue('providentRate', String(referenceRate(rates, 'provident', values.home, years)));
    }
  }, [values.home, values.years, rates, getFieldState, setValue]);

  const parsed = useMemo(() => mortgageFormSchema.safeParse(values as MortgageFormInput), [values]);
  const result = parsed.success ? parsed.data : null;
  const plans = useMemo(() => (result ? plansFor(result) : null), [result]);
  const minDown = minDownPaymentPercent(rates, values.kind, values.home);
  const downPercent = Number(values.downCheng) * 10;

  return (
    <CalculatorFrame
      title="房贷计算器"
      formLabel="贷款信息"
      wide
      form={
        <>
          <ChoiceField control={control} name="kind" label="贷款类型" options={LOAN_KIND_LABELS} />
          <ChoiceField
            control={control}
            name="priceMode"
            label="房价"
            options={{ total: '按总价', unit: '按单价×面积' }}
          />
          {values.priceMode === 'total' ? (
            <FormTextField
              control={control}
              name="totalWan"
              label="房屋总价"
              inputMode="decimal"
              slotProps={{ input: { endAdornment: <Unit>万元</Unit> } }}
            />
          ) : (
            <Stack direction="row" spacing={1.5}>
              <FormTextField
                control={control}
                name="unitPrice"
                label="单价"
                inputMode="decimal"
                fullWidth
                slotProps={{ input: { endAdornment: <Unit>元/㎡</Unit> } }}
              />
              <FormTextField
                control={control}
                name="area"
                label="面积"
                inputMode="decimal"
                fullWidth
                slotProps={{ input: { endAdornment: <Unit>㎡</Unit> } }}
              />
            </Stack>
          )}
          <Stack direction="row" spacing={1.5}>
            <SelectField control={control} name="downCheng" label="首付">
              {DOWN_PAYMENT_CHENG.map((c) => (
                <MenuItem key={c} value={String(c)}>
                  {c === 0 ? '零首付' : `${c}成`}
                </MenuItem>
              ))}
            </SelectField>
            <SelectField control={control} name="years" label="贷款年限">
              {YEARS.map((y) => (
                <MenuItem key={y} value={String(y)}>
                  {y}年（{y * 12}期）
                </MenuItem>
              ))}
            </SelectField>
          </Stack>
          <ChoiceField control={control} name="home" label="购房" options={HOME_ORDER_LABELS} />
          {values.kind === 'combined' && (
            <FormTextField
              control={control}
              name="providentWan"
              label="其中公积金贷款"
              inputMode="decimal"
              helperText="其余部分按商业贷款计算"
              slotProps={{ input: { endAdornment: <Unit>万元</Unit> } }}
            />
          )}
          <Stack direction="row" spacing={1.5}>
            {values.kind !== 'provident' && (
              <FormTextField
                control={control}
                name="commercialRate"
                label="商贷年利率"
                inputMode="decimal"
                fullWidth
                slotProps={{ input: { endAdornment: <Unit>%</Unit> } }}
              />
            )}
            {values.kind !== 'commercial' && (
              <FormTextField
                control={control}
                name="providentRate"
                label="公积金年利率"
                inputMode="decimal"
                fullWidth
                slotProps={{ input: { endAdornment: <Unit>%</Unit> } }}
              />
            )}
          </Stack>
          <RatesNote rates={rates} />
          {downPercent < minDown && (
            <Alert severity="warning" data-testid="down-payment-warning">
              首付低于{LOAN_KIND_LABELS[values.kind]}最低比例{minDown}%，实际以银行审批为准
            </Alert>
          )}
        </>
      }
    >
      <Stack spacing={2} aria-live="polite">
        {result && plans ? (
          <>
            <LoanSummary form={result} />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              <PlanCard plan={plans.equal_installment} />
              <PlanCard plan={plans.equal_principal} />
            </Box>
            <ScheduleTable plans={plans} />
          </>
        ) : (
          <Card sx={{ p: 3 }}>
            <Typography color="textSecondary">请填写完整的贷款信息，结果会即时显示。</Typography>
          </Card>
        )}
      </Stack>
    </CalculatorFrame>
  );
}

function SelectField({
  control,
  name,
  label,
  children,
}: {
  control: Control<Values, unknown, MortgageForm>;
  name: 'downCheng' | 'years';
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field } }) => (
        <TextField {...field} inputRef={ref} select label={label} fullWidth>
          {children}
        </TextField>
      )}
    />
  );
}

function RatesNote({ rates }: { rates: LoanRates }) {
  const bp = rates.basisPoints;
  return (
    <Typography color="textSecondary" sx={{ fontSize: 12.5, lineHeight: 1.7 }}>
      参考利率：5年期以上LPR {rates.lprPercent}%（{rates.lprDate}起）
      {bp !== 0 && `${bp > 0 ? '+' : ''}${bp}个基点`}；公积金首套{rates.providentFirstLong}
      %（5年及以下
      {rates.providentFirstShort}%），二套{rates.providentSecondLong}%（5年及以下
      {rates.providentSecondShort}%），{rates.providentDate}起。可按银行实际利率修改。
    </Typography>
  );
}

function LoanSummary({ form }: { form: MortgageForm }) {
  const items = [
    { label: '房屋总价', value: formatMoney(form.price) },
    { label: '首付', value: formatMoney(form.price - form.loan) },
    { label: '贷款总额', value: formatMoney(form.loan), testId: 'loan-amount' },
  ];
  if (form.kind === 'combined') {
    items.push(
      { label: '商业贷款', value: formatMoney(form.commercial.principal) },
      { label: '公积金贷款', value: formatMoney(form.provident.principal) },
    );
  }
  return (
    <Card sx={{ p: { xs: 2, md: 2.5 } }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
        }}
      >
        {items.map((item) => (
          <Box key={item.label}>
            <Typography component="dt" color="textSecondary" sx={{ fontSize: 12.5 }}>
              {item.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={item.testId}>
              {item.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

function PlanCard({ plan }: { plan: RepaymentPlan }) {
  const installment = plan.method === 'equal_installment';
  const lines: { label: string; value: string; testId?: string }[] = installment
    ? [{ label: '还款期数', value: `${plan.months}期` }]
    : [
        {
          label: '每月递减',
          value: formatMoney(plan.monthlyDecrease),
          testId: 'monthly-decrease',
        },
      ];
  lines.push(
    { label: '支付利息', value: formatMoney(plan.totalInterest), testId: 'total-interest' },
    { label: '还款总额', value: formatMoney(plan.totalPayment) },
  );
  return (
    <Card
      sx={{ p: { xs: 2, md: 2.5 } }}
      data-testid={`plan-${plan.method}`}
      aria-label={installment ? '等额本息' : '等额本金'}
    >
      <Typography sx={{ fontWeight: 700, mb: 1 }}>
        {installment ? '等额本息' : '等额本金'}
      </Typography>
      <Typography color="textSecondary" sx={{ fontSize: 12.5 }}>
        {installment ? '每月月供' : '首月月供'}
      </Typography>
      <BigAmount amount={plan.firstPayment} testId="first-payment" />
      <Stack spacing={0.75} sx={{ mt: 1.5 }}>
        {lines.map((line) => (
          <Stack key={line.label} direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography color="textSecondary" sx={{ fontSize: 14 }}>
              {line.label}
            </Typography>
            <Typography sx={{ fontSize: 14, fontWeight: 500 }} data-testid={line.testId}>
              {line.value}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Typography color="textSecondary" sx={{ fontSize: 12, mt: 1.5 }}>
        {installment ? '每月还款额固定，前期利息占比高' : '每月本金固定，月供逐月递减，总利息更少'}
      </Typography>
    </Card>
  );
}
