import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ROOM_LABELS, ROOM_OPTIONS, TOWNSHIPS } from '@couchdb/model/constants';
import type { DemandForm as DemandFormOutput } from '@couchdb/model/demand';
import {
  DEMAND_MESSAGES,
  DEMAND_TYPE_LABELS,
  DEMAND_TYPES,
  type DemandType,
} from '@couchdb/model/demand-facts';
import { PROPERTY_FORM_MESSAGES, PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { jsonEqual } from '@couchdb/rules/json-equal';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { DraftFormHeader } from '@client/components/form/draft-form-header';
import type { User } from '@couchdb/model/user';
import { RefusedNotice } from '@client/components/form/edit-gate';
import { FormPhoneField } from '@client/components/form/form-phone-field';
import { FormTextField } from '@client/components/form/form-text-field';
import { useToast } from '@client/components/toast/toast-context';
import { editDemand, publishDemand } from '@client/data/writes/demand-mutations';
import { forgetRefusedChange, useOpenDevice } from '@client/data/hooks';
import type { DemandDoc } from '@client/data/schemas/demand.schema';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';
import {
  demandFormValues,
  demandFormValuesSchema,
  demandPriceUnit,
  type DemandFormValues,
} from '../demand-form-values';
import { useDraftSaver, useSavedDraft } from '@client/components/form/use-form-draft';
import { demandDraftKey, parseDemandDraft } from '../demand-draft-store';
import { failureReason } from '@client/pwa/failure-message';
import { leaveAfterSave, useUnsavedChanges } from '@client/pwa/unsaved-changes';

const RANGES = [
  { from: 'min_price', to: 'max_price', labels: ['最低价格', '最高价格'] },
  { from: 'min_area', to: 'max_area', labels: ['最小面积', '最大面积'] },
] as const;

/**
 * The demand form: a new demand, one of the user's to edit, or a refused change to fix and send
 * again (`refused`). Saved on the device first, so it works offline. A new demand's text is kept
 * on the device as it is typed (a draft), so a reload or a closed tab loses nothing.
 */
export function DemandForm({
  user,
  demand,
  refused,
}: {
  user: User | null;
  demand: DemandDoc | null;
  refused: RefusedDoc | null;
}) {
  /** Only a brand-new demand keeps a draft across reloads. */
  const draftOwner = !demand && !refused && user ? user.id : null;
  const [empty] = useState(() =>
    demandFormValues(user, (refused?.doc as Partial<DemandDoc> | undefined) ?? demand),
  );
  const restored = useSavedDraft(draftOwner === null ? null : demandDraftKey(draftOwner), (saved) =>
    parseDemandDraft(saved, empty),
  );
  // The saved draft is read first (a moment): a form shown empty before it could lose what is
  // typed meanwhile, or the draft.
  if (!restored) return null;
  return (
    <DemandFields
      user={user}
      demand={demand}
      refused={refused}
      draftOwner={draftOwner}
      empty={empty}
      restored={restored}
    />
  );
}

/**
 * The form itself, opened on `restored` (the saved draft, or `empty`); the draft is kept for
 * `draftOwner` (a new demand's author), else nothing is kept.
 */
function DemandFields({
  user,
  demand,
  refused,
  draftOwner,
  empty,
  restored,
}: {
  user: User | null;
  demand: DemandDoc | null;
  refused: RefusedDoc | null;
  draftOwner: string | null;
  /** The form with nothing typed (the demand's values when editing). */
  empty: DemandFormValues;
  restored: DemandFormValues;
}) {
  const device = useOpenDevice();
  const toast = useToast();
  const navigate = useNavigate();
  const saver = useDraftSaver(draftOwner === null ? null : demandDraftKey(draftOwner));
  const form = useForm<DemandFormValues, unknown, DemandFormOutput>({
    resolver: zodResolver(demandFormValuesSchema),
    defaultValues: restored,
  });
  const { handleSubmit, formState, reset, subscribe } = form;
  const { control } = form;
  const type = useWatch({ control, name: 'type' });
  const values = useWatch({ control });
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const hasDraft = draftOwner !== null && !jsonEqual(values, empty);
  // The draft is on the device: leaving the screen still asks (it is not sent), closing the tab not.
  useUnsavedChanges(hasDraft || formState.isDirty, { kept: draftOwner !== null });

  useEffect(() => {
    if (!saver) return;
    return subscribe({
      formState: { values: true },
      callback: ({ values: changed }) => {
        if (jsonEqual(changed, empty)) void saver.forget();
        else saver.save(changed);
      },
    });
  }, [subscribe, saver, empty]);

  const discardDraft = () => {
    void saver?.forget();
    reset(empty);
    toast.success(PROPERTY_MESSAGES.draftDiscarded);
  };

  const save = handleSubmit(async (form) => {
    if (!user || !device || device.identity.kind !== 'user') {
      toast.error(PROPERTY_FORM_MESSAGES.noUser);
      return;
    }
    try {
      if (demand) await editDemand(device.database, demand.id, form);
      else await publishDemand(device.database, user.id, form);
      void saver?.forget();
      // Resent: the refused change leaves the list on /manage.
      if (refused)
        await forgetRefusedChange(device.database, refused.id).catch((err: unknown) =>
          console.error('forgetting the refused change failed', refused.id, err),
        );
      // Offline, it is saved on this device only: say so, rather than that it was published.
      if (!navigator.onLine)
        toast.offline(
          demand ? DEMAND_MESSAGES.updateSavedOffline : DEMAND_MESSAGES.publishSavedOffline,
        );
      else toast.success(demand ? DEMAND_MESSAGES.updateSuccess : DEMAND_MESSAGES.publishSuccess);
      leaveAfterSave();
      // A new demand: 发布管理 (product §2) opens on its demands, where the new one is.
      await navigate(demand ? '/my-demands' : '/manage?tab=demands');
    } catch (err) {
      // The form keeps what was typed: the user can send it again. A refusal is said as it is.
      const context = demand ? `saving demand ${demand.id} failed` : 'publishing a demand failed';
      toast.error(failureReason(context, err) ?? DEMAND_MESSAGES.publishFailed);
    }
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 3 } }}>
      <DraftFormHeader
        title={demand ? '编辑需求' : refused ? '重新提交需求' : '发布需求'}
        hasDraft={hasDraft}
        onDiscard={() => setConfirmDiscard(true)}
        mb={0.5}
      />
      {/* Balanced: two even lines on a laptop, not a line and a lone 提交。 */}
      <Typography color="textSecondary" sx={{ fontSize: 14, mb: 2, textWrap: 'balance' }}>
        写下想买或想租的房子，经纪人和房东会联系您。没有网络时也能保存，联网后自动提交。
      </Typography>
      {refused && <RefusedNotice refused={refused} editing={demand !== null} />}
      <Card
        component="form"
        onSubmit={(e) => void save(e)}
        noValidate
        data-unsaved-changes="managed"
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Stack spacing={2.5}>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <ToggleButtonGroup
                exclusive
                color="primary"
                value={field.value}
                onChange={(_e, v: DemandType | null) => v && field.onChange(v)}
                aria-label="需求类型"
                fullWidth
              >
                {DEMAND_TYPES.map((t) => (
                  <ToggleButton key={t} value={t}>
                    {DEMAND_TYPE_LABELS[t]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
          />
          <FormTextField
            control={control}
            name="title"
            label="需求标题"
            required
            placeholder="例如：凤麓街道求购三居室"
          />
          <Stack direction="row" spacing={1.5}>
            <FormTextField
              control={control}
              name="areas"
              select
              label="期望区域"
              required
              sx={{ flex: 1 }}
            >
              {TOWNSHIPS.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="rooms" select label="户型" sx={{ flex: 1 }}>
              <MenuItem value="">不限</MenuItem>
              {ROOM_OPTIONS.map((n) => (
                <MenuItem key={n} value={String(n)}>
                  {ROOM_LABELS[n]}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
          {RANGES.map(({ from, to, labels }) => (
            <Stack key={from} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              {[from, to].map((name, i) => (
                <FormTextField
                  key={name}
                  control={control}
                  name={name}
                  label={labels[i]}
                  inputMode="decimal"
                  sx={{ flex: 1 }}
                  slotProps={{
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          {from === 'min_price' ? demandPriceUnit(type) : '㎡'}
                        </InputAdornment>
                      ),
                    },
                  }}
                />
              ))}
            </Stack>
          ))}
          <FormTextField
            control={control}
            name="requirements"
            label="需求描述"
            required
            multiline
            minRows={4}
            placeholder="楼层、朝向、装修、学区、预算等要求"
          />
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <FormTextField control={control} name="contact_name" label="联系人" sx={{ flex: 1 }} />
            <FormPhoneField
              control={control}
              name="contact_phone"
              label="联系电话"
              required
              sx={{ flex: 1 }}
            />
          </Stack>
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            {demand ? '保存修改' : '发布需求'}
          </Button>
        </Stack>
      </Card>
      <ConfirmDialog
        open={confirmDiscard}
        title={PROPERTY_MESSAGES.discardDraft}
        message={DEMAND_MESSAGES.discardDraftConfirm}
        confirmLabel="清空"
        onConfirm={discardDraft}
        onClose={() => setConfirmDiscard(false)}
      />
    </Container>
  );
}
