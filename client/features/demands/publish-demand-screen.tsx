import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { newId } from '@couchdb/model/common';
import { ROOM_LABELS, ROOM_OPTIONS, TOWNSHIPS } from '@couchdb/model/constants';
import { priceInputToYuan, priceInputUnit, priceToInput } from '@couchdb/rules/format';
import {
  DEMAND_MESSAGES,
  DEMAND_TYPE_LABELS,
  DEMAND_TYPES,
  demandFormSchema,
  type DemandType,
} from '@couchdb/model/demand';
import { PROPERTY_FORM_MESSAGES } from '@couchdb/model/property';
import { REFUSED_CHANGE_MESSAGES } from '@couchdb/model/sync';
import type { User } from '@couchdb/model/user';
import { EmptyState } from '@client/components/empty-state';
import { useToast } from '@client/components/toast/toast-context';
import {
  forgetRefusedChange,
  useDemand,
  useOpenDevice,
  useRefusedChange,
  useSyncSettled,
} from '@client/data/hooks';
import type { DeviceDatabase } from '@client/data/database';
import type { DemandDoc } from '@client/data/schemas/demand.schema';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { fieldErrorsOf } from '@client/lib/form-errors';

type Form = {
  title: string;
  type: DemandType;
  area: string;
  rooms: string;
  min_price: string;
  max_price: string;
  min_area: string;
  max_area: string;
  requirements: string;
  contact_name: string;
  contact_phone: string;
};
type Field = keyof Form;

/** Prices are entered in 万 when buying and in 元/月 when renting; the document keeps 元. */
const asListingType = (type: DemandType) => (type === 'buy' ? 'sale' : 'rent');
const priceUnit = (type: DemandType) => priceInputUnit(asListingType(type));
const toYuan = (type: DemandType, value: string) => priceInputToYuan(asListingType(type), value);
const fromYuan = (type: DemandType, value: number | undefined) =>
  priceToInput(asListingType(type), value);

/** The form for a demand (a refused version may lack fields: defaults then), or a new one. */
function formFor(user: User | null, demand: Partial<DemandDoc> | null): Form {
  if (demand) {
    const type = demand.type === 'rent' ? 'rent' : 'buy';
    return {
      title: demand.title ?? '',
      type,
      area: demand.areas?.[0] ?? '',
      rooms: demand.rooms?.[0] ? String(demand.rooms[0]) : '',
      min_price: fromYuan(type, demand.min_price),
      max_price: fromYuan(type, demand.max_price),
      min_area: demand.min_area === undefined ? '' : String(demand.min_area),
      max_area: demand.max_area === undefined ? '' : String(demand.max_area),
      requirements: demand.requirements ?? '',
      contact_name: demand.contact?.name ?? '',
      contact_phone: demand.contact?.phone ?? '',
    };
  }
  return {
    title: '',
    type: 'buy',
    area: '',
    rooms: '',
    min_price: '',
    max_price: '',
    min_area: '',
    max_area: '',
    requirements: '',
    contact_name: user?.name ?? '',
    contact_phone: user?.phone ?? '',
  };
}

async function saveDemand(
  db: DeviceDatabase,
  userId: string,
  form: Form,
  existing: DemandDoc | null,
): Promise<{ ok: true } | { ok: false; errors: Partial<Record<Field, string>> }> {
  const parsed = demandFormSchema.safeParse({
    title: form.title,
    type: form.type,
    areas: form.area ? [form.area] : [],
    rooms: form.rooms ? [Number(form.rooms)] : [],
    min_price: toYuan(form.type, form.min_price),
    max_price: toYuan(form.type, form.max_price),
    min_area: form.min_area,
    max_area: form.max_area,
    requirements: form.requirements,
    contact_name: form.contact_name,
    contact_phone: form.contact_phone,
  });
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    // The form has one township field and one rooms field for the document's lists.
    return { ok: false, errors: { ...errors, area: errors.areas, rooms: errors.rooms } };
  }
  const { contact_name, contact_phone, ...content } = parsed.data;
  const now = new Date().toISOString();
  const next = {
    ...content,
    contact: { name: contact_name ?? '', phone: contact_phone },
    updated_at: now,
  };
  if (existing) {
    const doc = await db.demands.findOne(existing.id).exec();
    if (!doc) throw new Error('demand not on this device');
    // Emptied ranges are removed, not kept from before.
    await doc.incrementalModify((old) => {
      const merged = { ...old, ...next };
      for (const key of ['min_price', 'max_price', 'min_area', 'max_area'] as const)
        if (next[key] === undefined) delete merged[key];
      return merged;
    });
  } else {
    await db.demands.insert({
      id: newId(),
      user_id: userId,
      status: 'active',
      created_at: now,
      ...next,
    });
  }
  return { ok: true };
}

/**
 * 发布需求 (spec §2 "Publish demand", §5): one form, saved on the device first (works offline) and
 * synced; `?edit={id}` edits one of the user's demands (the spec's my-demands link, made to work);
 * `&refused={id}` reopens a change the server refused with what was sent, to fix and send again
 * (as a new demand when the old one is gone from the server).
 */
export default function PublishDemandScreen() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const refusedId = params.get('refused');
  const { user } = useAuth();
  const { data: demand } = useDemand(editId);
  const { data: refusedEntry } = useRefusedChange(refusedId);
  const settled = useSyncSettled('demands');
  const refused =
    refusedEntry?.collection_name === 'demands' && refusedEntry.doc_id === editId
      ? refusedEntry
      : null;

  if (editId && demand === undefined) return <Loading />;
  if (refusedId !== null && refusedEntry === undefined) return <Loading />;
  if (editId && demand === null) {
    if (refused) return <DemandForm key={refused.id} user={user} demand={null} refused={refused} />;
    return settled ? (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <EmptyState
          title={DEMAND_MESSAGES.notFound}
          action={
            <Button component={RouterLink} to="/my-demands" variant="outlined">
              返回我的需求
            </Button>
          }
        />
      </Container>
    ) : (
      <Loading />
    );
  }
  return (
    <DemandForm key={demand?.id ?? 'new'} user={user} demand={demand ?? null} refused={refused} />
  );
}

function Loading() {
  return (
    <Stack sx={{ alignItems: 'center', py: 8 }}>
      <CircularProgress aria-label="加载中" />
    </Stack>
  );
}

function DemandForm({
  user,
  demand,
  refused,
}: {
  user: User | null;
  demand: DemandDoc | null;
  refused: RefusedDoc | null;
}) {
  const device = useOpenDevice();
  const toast = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(() =>
    formFor(user, (refused?.doc as Partial<DemandDoc> | undefined) ?? demand),
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const text = (field: Field) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    error: Boolean(errors[field]),
    helperText: errors[field],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!user || !device || device.identity.kind !== 'user') {
      toast.error(PROPERTY_FORM_MESSAGES.noUser);
      return;
    }
    setSaving(true);
    try {
      const result = await saveDemand(device.database, user.id, form, demand);
      if (!result.ok) {
        setErrors(result.errors);
        return;
      }
      // Resent: the refused change leaves the list on /manage.
      if (refused)
        await forgetRefusedChange(device.database, refused.id).catch((err: unknown) =>
          console.error('forgetting the refused change failed', refused.id, err),
        );
      toast.success(demand ? DEMAND_MESSAGES.updateSuccess : DEMAND_MESSAGES.publishSuccess);
      await navigate(demand ? '/my-demands' : '/manage');
    } catch (err) {
      console.error('saving the demand failed', err);
      toast.error(
        err instanceof Error && err.message ? err.message : DEMAND_MESSAGES.publishFailed,
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5, fontSize: { xs: 20, md: 24 } }}>
        {demand ? '编辑需求' : refused ? '重新提交需求' : '发布需求'}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: 14, mb: 2 }}>
        写下想买或想租的房子，经纪人和房东会联系您。没有网络时也能保存，联网后自动提交。
      </Typography>
      {refused && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="refused-notice">
          {demand
            ? REFUSED_CHANGE_MESSAGES.editHint(refused.message)
            : REFUSED_CHANGE_MESSAGES.resendAsNew(refused.message)}
        </Alert>
      )}
      <Card
        component="form"
        onSubmit={(e) => void submit(e)}
        noValidate
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Stack spacing={2.5}>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={form.type}
            onChange={(_e, v: DemandType | null) => v && set('type', v)}
            aria-label="需求类型"
            fullWidth
          >
            {DEMAND_TYPES.map((t) => (
              <ToggleButton key={t} value={t}>
                {DEMAND_TYPE_LABELS[t]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            label="需求标题"
            required
            placeholder="例如：凤麓街道求购三居室"
            {...text('title')}
          />
          <Stack direction="row" spacing={1.5}>
            <TextField select label="期望区域" required sx={{ flex: 1 }} {...text('area')}>
              {TOWNSHIPS.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="户型" sx={{ flex: 1 }} {...text('rooms')}>
              <MenuItem value="">不限</MenuItem>
              {ROOM_OPTIONS.map((n) => (
                <MenuItem key={n} value={String(n)}>
                  {ROOM_LABELS[n]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            {(['min_price', 'max_price'] as const).map((f) => (
              <TextField
                key={f}
                label={f === 'min_price' ? '最低价格' : '最高价格'}
                inputMode="decimal"
                sx={{ flex: 1 }}
                {...text(f)}
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">{priceUnit(form.type)}</InputAdornment>
                    ),
                  },
                }}
              />
            ))}
          </Stack>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            {(['min_area', 'max_area'] as const).map((f) => (
              <TextField
                key={f}
                label={f === 'min_area' ? '最小面积' : '最大面积'}
                inputMode="decimal"
                sx={{ flex: 1 }}
                {...text(f)}
                slotProps={{
                  input: { endAdornment: <InputAdornment position="end">㎡</InputAdornment> },
                }}
              />
            ))}
          </Stack>
          <TextField
            label="需求描述"
            required
            multiline
            minRows={4}
            placeholder="楼层、朝向、装修、学区、预算等要求"
            {...text('requirements')}
          />
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TextField label="联系人" sx={{ flex: 1 }} {...text('contact_name')} />
            <TextField
              label="联系电话"
              required
              inputMode="tel"
              sx={{ flex: 1 }}
              {...text('contact_phone')}
            />
          </Stack>
          <Button type="submit" variant="contained" size="large" loading={saving}>
            {demand ? '保存修改' : '发布需求'}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
