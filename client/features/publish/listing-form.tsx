import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { fitMediaCount, mediaTypeOf } from '@couchdb/model/media-facts';
import type { FormStep, PropertyForm } from '@couchdb/model/property';
import { checkPropertySubmit, PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { REFUSED_CHANGE_MESSAGES } from '@couchdb/model/sync';
import { jsonEqual } from '@couchdb/rules/json-equal';
import {
  emptyListingForm,
  listingFormValuesOf,
  type ListingFormValues,
} from '@couchdb/rules/listing-form';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { DraftFormHeader } from '@client/components/form/draft-form-header';
import { useToast } from '@client/components/toast/toast-context';
import { useSettings } from '@client/data/hooks';
import { mediaOfListing, type ListingMedia } from '@client/data/media/listing-media';
import { checkPickedMediaFile, preparePickedMedia } from '@client/data/media/media-content';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { useUnsavedChanges } from '@client/pwa/unsaved-changes';
import { BasicInfoStep } from './components/basic-info-step';
import { DetailsStep } from './components/details-step';
import { MediaStep, type PhotoProgress } from './components/media-step';
import { PriceAddressStep } from './components/price-address-step';
import { firstStepWithError, listingFormResolver, stepFields } from './listing-form-schema';
import type { ListingDraft } from './listing-draft-store';
import { useListingDraft, useSavedListingDraft } from './use-listing-draft';
import { useListingSubmit } from './use-listing-submit';

const STEPS = ['基本信息', '房屋详情', '价格与地址', '图片视频'] as const;

/**
 * The four-step publish form (product §2 "Publish property", §5): Next checks the step's fields, the
 * last step checks the media and sends. A new listing's draft (text, step, files) is kept on the
 * device as it changes; `listing` edits one, `refused` reopens what the server refused.
 */
export function ListingForm({
  listing,
  refused,
}: {
  listing: PropertyDoc | null;
  refused: RefusedDoc | null;
}) {
  const { user } = useAuth();
  /** The version the form starts from: the refused one when resending, else the listing. */
  const source = (refused?.doc as Partial<PropertyDoc> | undefined) ?? listing;
  /** Only a brand-new listing keeps a draft across reloads. */
  const owner = !listing && !refused && user ? user.id : null;
  const restored = useSavedListingDraft(owner, () =>
    source
      ? listingFormValuesOf(source)
      : emptyListingForm({ name: user?.name, phone: user?.phone }),
  );
  // The saved draft is read first (a moment): a form shown empty before it could lose what is
  // typed meanwhile, or the draft.
  if (!restored) return null;
  return (
    <ListingSteps
      listing={listing}
      refused={refused}
      source={source}
      owner={owner}
      restored={restored}
    />
  );
}

/**
 * The form itself, opened on `restored` (the saved draft, or what `source` holds); the draft is
 * kept for `owner` (a new listing's author), else for as long as the form.
 */
function ListingSteps({
  listing,
  refused,
  source,
  owner,
  restored,
}: {
  listing: PropertyDoc | null;
  refused: RefusedDoc | null;
  source: Partial<PropertyDoc> | null;
  owner: string | null;
  restored: ListingDraft;
}) {
  const { user } = useAuth();
  const settings = useSettings();
  const toast = useToast();
  /** Only a brand-new listing keeps a draft across reloads. */
  const persist = !listing && !refused;
  const emptyForm = () => emptyListingForm({ name: user?.name, phone: user?.phone });
  const draft = useListingDraft(owner, restored);
  const { step, files, saveValues } = draft;
  const { control, trigger, handleSubmit, reset, clearErrors, subscribe, formState } = useForm<
    ListingFormValues,
    unknown,
    PropertyForm
  >({
    defaultValues: draft.initialValues,
    resolver: listingFormResolver,
  });
  const values = useWatch({ control });
  /** Media already on the server that the listing keeps (editing, resending). */
  const [kept, setKept] = useState<ListingMedia[]>(() => (source ? mediaOfListing(source) : []));
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [checking, setChecking] = useState(false);
  /** The picked photos being made small, while they are (nothing is kept or sent meanwhile). */
  const [preparing, setPreparing] = useState<PhotoProgress | null>(null);
  // The version the form opened on: a save merges over whatever changed since (another tab's).
  const [base] = useState(listing);
  const send = useListingSubmit({ listing: base, refused, draft, kept });
  const maxMedia = settings.maxImagesPerProperty;
  const hasDraft = persist && (files.length > 0 || !jsonEqual(values, emptyForm()));
  // A new listing's draft is kept on the device as it is typed: leaving loses nothing.
  useUnsavedChanges(hasDraft || formState.isDirty, { kept: persist });

  // Typing into a field clears its message until it is checked again; the draft keeps the text.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, values: changed }) => {
          if (name) clearErrors(name as FieldPath<ListingFormValues>);
          saveValues(changed);
        },
      }),
    [subscribe, clearErrors, saveValues],
  );

  /** 下一步 and 上一步 open the step at its top (the stepper and its first field in view). */
  const goToStep = (to: FormStep) => {
    draft.setStep(to);
    window.scrollTo({ top: 0 });
  };

  /** Next is held while the step is checked, so a second press goes to the step after. */
  const next = async () => {
    setChecking(true);
    const valid = await trigger(stepFields(step), { shouldFocus: true });
    setChecking(false);
    if (valid) goToStep(Math.min(4, step + 1) as FormStep);
  };

  /** The media checks of product §5 over what the listing will have (kept plus new), then the form. */
  const submit = () => {
    if (formState.isSubmitting) return;
    const problem = checkPropertySubmit({
      userId: user?.id,
      imageCount:
        kept.filter((m) => m.type === 'image').length +
        files.filter((f) => mediaTypeOf(f.file) === 'image').length,
      mediaCount: kept.length + files.length,
      maxMedia,
    });
    if (problem) {
      toast.warning(problem);
      return;
    }
    // A step changed after it was checked: show the first step with a problem.
    void handleSubmit(send, (errors) => {
      const invalid = firstStepWithError(errors);
      if (invalid) draft.setStep(invalid);
      else toast.error(PROPERTY_MESSAGES.publishFailed);
    })();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (checking || preparing) return;
    if (step < 4) void next();
    else submit();
  };

  // The media the listing has or is about to have, as of the last render: a check that finishes
  // after the files changed counts the files as they are then.
  const mediaCount = useRef(0);
  useEffect(() => {
    mediaCount.current = kept.length + files.length;
  }, [kept.length, files.length]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    void keepPicked(picked);
  };

  /**
   * Keeps the picked files that can be uploaded, as many as the limit leaves room for (it counts
   * the media the listing keeps as well as the new ones), photos as prepared on the device; each
   * file that cannot be kept says why. No other pick starts while photos are being prepared.
   */
  const keepPicked = async (picked: readonly File[]) => {
    const problems = await Promise.all(picked.map(checkPickedMediaFile));
    for (const problem of problems) if (problem) toast.warning(problem);
    const good = picked.filter((_, i) => !problems[i]);
    const { fits, message } = fitMediaCount(mediaCount.current, good, maxMedia);
    if (message) toast.warning(message);
    if (fits.length === 0) return;
    let ready;
    try {
      ready = await preparePickedMedia(fits, (current, total) => setPreparing({ current, total }));
    } finally {
      setPreparing(null);
    }
    const keep: File[] = [];
    for (const r of ready) {
      if (r.problem === undefined) keep.push(r.file);
      else toast.warning(r.problem);
    }
    if (keep.length > 0) {
      mediaCount.current += keep.length;
      draft.addFiles(keep);
    }
  };

  const discardDraft = async () => {
    const cleared = draft.clear();
    reset(emptyForm());
    try {
      await cleared;
      toast.success(PROPERTY_MESSAGES.draftDiscarded);
    } catch (err) {
      console.error('discarding the draft files failed', err);
      toast.error(PROPERTY_MESSAGES.publishFailed);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 3 } }}>
      <DraftFormHeader
        title={listing ? '编辑房源' : refused ? '重新提交房源' : '发布房源'}
        hasDraft={hasDraft}
        onDiscard={() => setConfirmDiscard(true)}
        mb={2}
      />
      {refused && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="refused-notice">
          {listing
            ? REFUSED_CHANGE_MESSAGES.editHint(refused.message)
            : REFUSED_CHANGE_MESSAGES.resendAsNew(refused.message)}
        </Alert>
      )}
      {!refused && listing?.audit_status === 'rejected' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {PROPERTY_MESSAGES.rejectedEditNotice(listing.audit_comment)}
        </Alert>
      )}
      <Stepper activeStep={step - 1} alternativeLabel sx={{ mb: 2 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card
        component="form"
        noValidate
        data-unsaved-changes="managed"
        onSubmit={onSubmit}
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Stack spacing={2.5} component="section" aria-label={STEPS[step - 1]}>
          {step === 1 && <BasicInfoStep control={control} />}
          {step === 2 && <DetailsStep control={control} />}
          {step === 3 && <PriceAddressStep control={control} />}
          {step === 4 && (
            <>
              <MediaStep
                existing={kept}
                files={files}
                maxMedia={maxMedia}
                preparing={preparing}
                onRemoveExisting={(url) => setKept((all) => all.filter((m) => m.url !== url))}
                onRemoveFile={draft.removeFile}
                onChoose={choose}
              />
              {listing && files.length > 0 && (
                <Typography color="textSecondary" sx={{ fontSize: 13 }}>
                  {PROPERTY_MESSAGES.mediaWaiting}
                </Typography>
              )}
            </>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', pt: 1 }}>
            <Button disabled={step === 1} onClick={() => goToStep((step - 1) as FormStep)}>
              上一步
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={checking || preparing !== null}
              loading={formState.isSubmitting}
            >
              {step < 4 ? '下一步' : listing ? '保存修改' : '提交发布'}
            </Button>
          </Stack>
        </Stack>
      </Card>
      <ConfirmDialog
        open={confirmDiscard}
        title={PROPERTY_MESSAGES.discardDraft}
        message={PROPERTY_MESSAGES.discardDraftConfirm}
        confirmLabel="清空"
        onConfirm={() => void discardDraft()}
        onClose={() => setConfirmDiscard(false)}
      />
    </Container>
  );
}
