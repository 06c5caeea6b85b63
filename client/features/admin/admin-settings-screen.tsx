import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { IMAGE_LIMIT_MAX, IMAGE_LIMIT_MIN } from '@couchdb/model/constants';
import {
  settingsFormSchema,
  type SettingsForm,
  type SettingsFormInput,
} from '@couchdb/model/setting';
import {
  SETTING_DESCRIPTIONS,
  type Settings,
  SETTINGS_MESSAGES,
} from '@couchdb/model/setting-facts';
import { FormPhoneField } from '@client/components/form/form-phone-field';
import { FormTextField } from '@client/components/form/form-text-field';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/toast-context';
import { useOpenDevice, useSettingsQuery, useSyncSettled } from '@client/data/hooks';
import { saveSettings } from '@client/data/writes/setting-mutations';
import { AdminGate } from './components/admin-gate';
import { LoadFailed } from '@client/components/list-state';
import { LoanRatesEditor } from './components/loan-rates-editor';
import { failureMessage } from '@client/pwa/failure-message';

/** The form shows the three settings it edits (the calculator's rates have their own form). */
const formValues = (
  s: Pick<Settings, 'defaultContact' | 'auditRequired' | 'maxImagesPerProperty'>,
): SettingsFormInput => ({
  default_contact_phone: s.defaultContact.phone,
  audit_required: s.auditRequired,
  max_images_per_property: String(s.maxImagesPerProperty),
});

/**
 * 系统设置 (product §2 "Admin system settings", §5): the platform's default contact phone, whether new
 * listings wait for review, the image limit per listing, and the 房贷计算器's reference rates. Saved on the device first (works
 * offline); the gateway checks the write again and every device follows the new values live.
 */
export default function AdminSettingsScreen() {
  return (
    <AdminGate message={SETTINGS_MESSAGES.noPermission}>
      <Container maxWidth="sm" sx={{ py: { xs: 2, md: 3 } }}>
        <Button component={RouterLink} to="/admin" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
          返回管理后台
        </Button>
        <PageHeader title="系统设置" />
        <SettingsPanel />
      </Container>
    </AdminGate>
  );
}

function SettingsPanel() {
  const { data, error, reload } = useSettingsQuery();
  // Until the first sync of the settings is over, the device may only hold the defaults.
  const settled = useSyncSettled('settings');
  if (error) return <LoadFailed message={SETTINGS_MESSAGES.loadFailed} onReload={reload} />;
  if (!data || !settled) {
    return <Skeleton variant="rounded" height={360} data-testid="settings-loading" />;
  }
  return (
    <Stack spacing={2}>
      <SettingsEditor settings={data} />
      <LoanRatesPanel rates={data.loanRates} />
    </Stack>
  );
}

function LoanRatesPanel({ rates }: { rates: Settings['loanRates'] }) {
  const device = useOpenDevice();
  return <LoanRatesEditor rates={rates} database={device?.database ?? null} />;
}

function SettingsEditor({ settings }: { settings: Settings }) {
  const device = useOpenDevice();
  const toast = useToast();
  const form = useForm<SettingsFormInput, unknown, SettingsForm>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: formValues(settings),
  });
  const { control, handleSubmit, formState, reset } = form;

  // Another admin's change arrives live: shown unless this admin is editing.
  const { isDirty } = formState;
  useEffect(() => {
    if (!isDirty) reset(formValues(settings));
  }, [settings, isDirty, reset]);

  const save = handleSubmit(async (values) => {
    try {
      if (!device) throw new Error('no database open');
      await saveSettings(device.database, values);
      reset(
        formValues({
          defaultContact: { phone: values.default_contact_phone },
          auditRequired: values.audit_required,
          maxImagesPerProperty: values.max_images_per_property,
        }),
      );
      toast.saved(SETTINGS_MESSAGES.saved);
    } catch (err) {
      toast.error(failureMessage('saving the settings failed', err, SETTINGS_MESSAGES.saveFailed));
    }
  });

  return (
    <Card component="form" onSubmit={(e) => void save(e)} noValidate sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={3}>
        <FormPhoneField
          control={control}
          name="default_contact_phone"
          label="默认联系电话"
          required
          helperText={SETTING_DESCRIPTIONS.default_contact}
        />
        <Controller
          control={control}
          name="audit_required"
          render={({ field: { value, onChange, ref, ...field } }) => (
            <div>
              <FormControlLabel
                control={
                  <Switch
                    {...field}
                    slotProps={{ input: { ref } }}
                    checked={value}
                    onChange={(_e, on) => onChange(on)}
                  />
                }
                label="房源发布需要审核"
              />
              <FormHelperText sx={{ mt: 0 }}>
                {value
                  ? '新发布的房源由管理员审核通过后才会公开'
                  : '新发布的房源立即公开，无需审核'}
              </FormHelperText>
            </div>
          )}
        />
        <FormTextField
          control={control}
          name="max_images_per_property"
          label="每个房源图片数量上限"
          required
          inputMode="numeric"
          helperText={`${SETTING_DESCRIPTIONS.max_images_per_property}（${IMAGE_LIMIT_MIN}-${IMAGE_LIMIT_MAX}）`}
        />
        <Typography color="textSecondary" sx={{ fontSize: 13 }}>
          保存后所有设备自动更新；没有网络时也能保存，联网后自动同步。
        </Typography>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={formState.isSubmitting}
          disabled={!formState.isDirty}
        >
          保存设置
        </Button>
      </Stack>
    </Card>
  );
}
