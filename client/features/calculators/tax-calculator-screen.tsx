import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  resaleTaxFormSchema,
  type ResaleTaxForm,
  type ResaleTaxFormInput,
} from '@couchdb/model/calculator';
import { formatMoney } from '@couchdb/rules/format';
import { HOME_ORDER_LABELS, type HomeOrder } from '@couchdb/rules/mortgage';
import {
  estimateResaleTax,
  IIT_EXEMPT_YEARS,
  VAT_EXEMPT_YEARS,
  type TaxLine,
} from '@couchdb/rules/resale-tax';
import { FormTextField } from '@client/components/form/form-text-field';
import { BigAmount, CalculatorFrame, ChoiceField, Unit } from './components/calculator-frame';

type Values = {
  priceWan: string;
  area: string;
  buyerHome: HomeOrder;
  yearsOwned: string;
  sellerOnlyHome: boolean;
  originalPriceWan: string;
};

/** Ownership as the seller would say it; each choice stands for the start of its band. */
const OWNERSHIP = [
  { value: '0', label: `不满${VAT_EXEMPT_YEARS}年` },
  { value: String(VAT_EXEMPT_YEARS), label: `满${VAT_EXEMPT_YEARS}年不满${IIT_EXEMPT_YEARS}年` },
  { value: String(IIT_EXEMPT_YEARS), label: `满${IIT_EXEMPT_YEARS}年及以上` },
];

function initialValues(params: URLSearchParams): Values {
  const price = Number(params.get('price'));
  const area = Number(params.get('area'));
  return {
    priceWan: price > 0 ? String(Number((price / 10_000).toFixed(4))) : '100',
    area: area > 0 ? String(area) : '90',
    buyerHome: 'first',
    yearsOwned: String(IIT_EXEMPT_YEARS),
    sellerOnlyHome: true,
    originalPriceWan: '',
  };
}

/**
 * 税费计算器 (issue 15 item 4): an estimate of a resale purchase's taxes (契税, 增值税, 个人所得税),
 * pure arithmetic on the device, open to everyone.
 */
export default function TaxCalculatorScreen() {
  const [params] = useSearchParams();
  const { control } = useForm<Values, unknown, ResaleTaxForm>({
    resolver: zodResolver(resaleTaxFormSchema) as unknown as Resolver<
      Values,
      unknown,
      ResaleTaxForm
    >,
    defaultValues: initialValues(params),
    mode: 'onChange',
  });
  const values = useWatch({ control }) as Values;
  const estimate = useMemo(() => {
    const parsed = resaleTaxFormSchema.safeParse(values as ResaleTaxFormInput);
    if (!parsed.success) return null;
    const v = parsed.data;
    return estimateResaleTax({
      price: v.priceWan * 10_000,
      area: v.area,
      buyerHome: v.buyerHome,
      yearsOwned: v.yearsOwned,
      sellerOnlyHome: v.sellerOnlyHome,
      originalPrice: v.originalPriceWan === undefined ? null : v.originalPriceWan * 10_000,
    });
  }, [values]);

  return (
    <CalculatorFrame
      title="税费计算器"
      formLabel="房屋信息"
      form={
        <>
          <Stack direction="row" spacing={1.5}>
            <FormTextField
              control={control}
              name="priceWan"
              label="成交价"
              inputMode="decimal"
              fullWidth
              slotProps={{ input: { endAdornment: <Unit>万元</Unit> } }}
            />
            <FormTextField
              control={control}
              name="area"
              label="建筑面积"
              inputMode="decimal"
              fullWidth
              slotProps={{ input: { endAdornment: <Unit>㎡</Unit> } }}
            />
          </Stack>
          <ChoiceField
            control={control}
            name="buyerHome"
            label="买方购房"
            options={HOME_ORDER_LABELS}
          />
          <OwnershipField control={control} />
          <Controller
            control={control}
            name="sellerOnlyHome"
            render={({ field: { value, onChange, ref, ...field } }) => (
              <FormControlLabel
                control={
                  <Switch
                    {...field}
                    slotProps={{ input: { ref } }}
                    checked={value}
                    onChange={(_e, on) => onChange(on)}
                  />
                }
                label="卖方家庭唯一住房"
              />
            )}
          />
          <FormTextField
            control={control}
            name="originalPriceWan"
            label="原购入价（选填）"
            inputMode="decimal"
            helperText="填写后个人所得税按差额的20%计算，不填按总价的1%"
            slotProps={{ input: { endAdornment: <Unit>万元</Unit> } }}
          />
        </>
      }
    >
      <Card sx={{ p: { xs: 2, md: 3 } }} aria-live="polite" data-testid="tax-result">
        {estimate ? (
          <Stack spacing={1.5}>
            <Typography color="textSecondary" sx={{ fontSize: 13 }}>
              税费合计（估算）
            </Typography>
            <BigAmount amount={estimate.total} testId="tax-total" />
            <Divider />
            <TaxRow name="契税（买方）" line={estimate.deedTax} testId="deed-tax" />
            <TaxRow name="增值税（卖方）" line={estimate.vat} testId="vat" />
            <TaxRow name="个人所得税（卖方）" line={estimate.incomeTax} testId="income-tax" />
            <Alert severity="info" sx={{ fontSize: 13 }}>
              {estimate.note}
            </Alert>
          </Stack>
        ) : (
          <Typography color="textSecondary">请填写成交价和面积，结果会即时显示。</Typography>
        )}
      </Card>
    </CalculatorFrame>
  );
}

function OwnershipField({ control }: { control: Control<Values, unknown, ResaleTaxForm> }) {
  return (
    <Controller
      control={control}
      name="yearsOwned"
      render={({ field: { ref, ...field } }) => (
        <TextField
          {...field}
          inputRef={ref}
          select
          label="卖方持有年限"
          helperText="自不动产权证（或契税票）登记之日起计算"
          fullWidth
        >
          {OWNERSHIP.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function TaxRow({ name, line, testId }: { name: string; line: TaxLine; testId: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }} data-testid={testId}>
      <Box>
        <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
        <Typography color="textSecondary" sx={{ fontSize: 12.5 }}>
          {line.basis}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {line.rate === 0 ? '免征' : formatMoney(line.amount)}
      </Typography>
    </Stack>
  );
}
