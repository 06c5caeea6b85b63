import { useEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import { newId } from '@couchdb/model/common';
import {
  DEFAULT_CITY,
  DEFAULT_PROVINCE,
  PRESET_FEATURE_TAGS,
  TOWNSHIPS,
} from '@couchdb/model/constants';
import { checkListingMediaFile, checkMediaCount, mediaTypeOf } from '@couchdb/model/media';
import {
  PROPERTY_MESSAGES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  addCustomTag,
  bedroomsFromRooms,
  checkPropertySubmit,
  propertyFormSchema,
  validatePropertyStep,
  type FormStep,
  type PropertyType,
} from '@couchdb/model/property';
import { REFUSED_CHANGE_MESSAGES } from '@couchdb/model/sync';
import { priceInputToYuan, priceInputUnit, priceToInput } from '@couchdb/rules/format';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { EmptyState } from '@client/components/empty-state';
import { useToast } from '@client/components/toast/toast-context';
import { DraftMedia } from '@client/data/draft-media';
import {
  forgetRefusedChange,
  useOpenDevice,
  useProperty,
  useRefusedChange,
  useSettings,
  useSyncSettled,
} from '@client/data/hooks';
import {
  composeListingMedia,
  mediaOfListing,
  sameMedia,
  type ListingMedia,
} from '@client/data/listing-media';
import type { OutboxListing } from '@client/data/media-outbox';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { MediaStep, type ChosenFile } from './components/media-step';

const STEPS = ['基本信息', '房屋详情', '价格与地址', '图片视频'] as const;

interface Draft {
  title: string;
  type: PropertyType;
  rooms: string;
  area: string;
  description: string;
  features: string[];
  price: string;
  district: string;
  community: string;
  address: string;
  contact_name: string;
  contact_phone: string;
  panorama_url: string;
}

const draftKey = (userId: string) => `cjfc.publish.draft.${userId}`;
/** The files of the new-listing draft (draft-media.ts). */
const draftMediaKey = (userId: string) => `${userId}:property`;

function emptyDraft(name: string, phone: string): Draft {
  return {
    title: '',
    type: 'sale',
    rooms: '',
    area: '',
    description: '',
    features: [],
    price: '',
    district: '',
    community: '',
    address: '',
    contact_name: name,
    contact_phone: phone,
    panorama_url: '',
  };
}

function loadDraft(userId: string, name: string, phone: string): Draft {
  const empty = emptyDraft(name, phone);
  try {
    const saved = localStorage.getItem(draftKey(userId));
    return saved ? { ...empty, ...(JSON.parse(saved) as Partial<Draft>) } : empty;
  } catch {
    return empty;
  }
}

/** The draft as the shared form schema reads it (prices in 元). */
function formValues(d: Draft) {
  return {
    title: d.title,
    type: d.type,
    rooms: d.rooms,
    bedrooms: bedroomsFromRooms(d.rooms) ?? undefined,
    area: d.area,
    description: d.description,
    price: priceInputToYuan(d.type, d.price),
    address: { district: d.district || undefined, community: d.community, address: d.address },
    contact_name: d.contact_name,
    contact_phone: d.contact_phone,
    features: d.features,
    panorama_url: d.panorama_url.trim() || undefined,
  };
}

/**
 * 发布房源 (spec §2 "Publish property", §5): four steps, each checked before the next; the draft
 * (text and chosen files) is kept on the device as you go; photos and videos wait in the device's
 * media outbox and upload when there is a connection, so publishing works offline too.
 * `?edit={id}` edits one's listing, photos included; `&refused={id}` reopens a change the server
 * refused with what was sent, to fix and send again (as a new listing when the old one is gone).
 */
export default function PublishPropertyScreen() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const refusedId = params.get('refused');
  const { user } = useAuth();
  const { data: listing } = useProperty(editId ?? undefined);
  const { data: refusedEntry } = useRefusedChange(refusedId);
  const settled = useSyncSettled('properties');
  if (!editId) return <PropertyForm listing={null} refused={null} />;
  const refused =
    refusedEntry?.collection_name === 'properties' && refusedEntry.doc_id === editId
      ? refusedEntry
      : null;
  const mine = listing && (listing.user_id === user?.id || user?.user_type === 'admin');
  if (
    listing === undefined ||
    (listing === null && !settled) ||
    (refusedId !== null && refusedEntry === undefined)
  ) {
    return (
      <Stack sx={{ alignItems: 'center', py: 8 }}>
        <CircularProgress aria-label="加载中" />
      </Stack>
    );
  }
  if (listing && mine && listing.status !== 'deleted') {
    return <PropertyForm key={listing.id} listing={listing} refused={refused} />;
  }
  // The refused listing is no longer on the server: send it again as a new one.
  if (refused) return <PropertyForm key={refused.id} listing={null} refused={refused} />;
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <EmptyState
        title={PROPERTY_MESSAGES.notFound}
        action={
          <Button component={RouterLink} to="/my-properties" variant="outlined">
            返回我的房源
          </Button>
        }
      />
    </Container>
  );
}

/** A listing's content as the form edits it (a refused version may lack fields: defaults then). */
function draftOf(p: Partial<PropertyDoc>): Draft {
  const type = p.type === 'rent' ? 'rent' : 'sale';
  return {
    title: p.title ?? '',
    type,
    rooms: p.rooms ?? '',
    area: p.area === undefined ? '' : String(p.area),
    description: p.description ?? '',
    features: p.features ?? [],
    price: priceToInput(type, p.price),
    district: p.address?.district ?? '',
    community: p.address?.community ?? '',
    address: p.address?.address ?? '',
    contact_name: p.contact?.name ?? '',
    contact_phone: p.contact_phone ?? p.contact?.phone ?? '',
    panorama_url: p.panorama_url ?? '',
  };
}

function PropertyForm({
  listing,
  refused,
}: {
  listing: PropertyDoc | null;
  refused: RefusedDoc | null;
}) {
  const { user } = useAuth();
  const device = useOpenDevice();
  const settings = useSettings();
  const toast = useToast();
  const navigate = useNavigate();
  /** The version the form starts from: the refused one when resending, else the listing. */
  const source = (refused?.doc as Partial<PropertyDoc> | undefined) ?? listing;
  /** Only a brand-new listing keeps a draft (text and files) across reloads. */
  const persist = !listing && !refused;
  const [step, setStep] = useState<FormStep>(1);
  const [draft, setDraft] = useState<Draft>(() =>
    source ? draftOf(source) : loadDraft(user?.id ?? '', user?.name ?? '', user?.phone ?? ''),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tag, setTag] = useState('');
  /** Media already on the server that the listing keeps (editing, resending). */
  const [existing, setExisting] = useState<ListingMedia[]>(() =>
    source ? mediaOfListing(source) : [],
  );
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const maxMedia = settings.maxImagesPerProperty;
  const userId = user?.id ?? null;
  const draftMedia = useMemo(
    () =>
      persist && userId && DraftMedia.supported() ? new DraftMedia(draftMediaKey(userId)) : null,
    [persist, userId],
  );
  const previews = useRef(new Set<string>());

  // The draft is saved as it is typed; its files are kept as they are chosen (below).
  useEffect(() => {
    if (!user || !persist) return;
    try {
      localStorage.setItem(draftKey(user.id), JSON.stringify(draft));
    } catch {
      // Storage full or private mode: the form still works, only the draft is not kept.
    }
  }, [draft, user, persist]);

  // Files chosen before a reload come back with their previews.
  useEffect(() => {
    if (!draftMedia) return;
    let live = true;
    draftMedia
      .load()
      .then((kept) => {
        if (!live || kept.length === 0) return;
        setFiles((current) => [
          ...kept
            .filter((k) => !current.some((c) => c.id === k.id))
            .map((k) => ({ ...k, preview: previewOf(k.file) })),
          ...current,
        ]);
      })
      .catch((err: unknown) => console.error('restoring the draft files failed', err));
    return () => {
      live = false;
      draftMedia.close();
    };
  }, [draftMedia]);

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  function previewOf(file: File): string {
    const url = URL.createObjectURL(file);
    previews.current.add(url);
    return url;
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '', [`address.${key}`]: '' }));
  };
  const field = (key: keyof Draft, errorKey: string = key) => ({
    value: draft[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value as never),
    error: Boolean(errors[errorKey]),
    helperText: errors[errorKey] || undefined,
  });
  const customTags = useMemo(
    () => draft.features.filter((t) => !(PRESET_FEATURE_TAGS as readonly string[]).includes(t)),
    [draft.features],
  );
  const hasDraft =
    persist &&
    (files.length > 0 ||
      JSON.stringify(draft) !== JSON.stringify(emptyDraft(user?.name ?? '', user?.phone ?? '')));

  const next = () => {
    const found = validatePropertyStep(step, formValues(draft));
    setErrors(found);
    if (Object.keys(found).length === 0) setStep((s) => Math.min(4, s + 1) as FormStep);
  };

  const toggleTag = (t: string) =>
    set(
      'features',
      draft.features.includes(t) ? draft.features.filter((f) => f !== t) : [...draft.features, t],
    );
  const addTag = () => {
    const result = addCustomTag(draft.features, tag);
    if (!result.ok) {
      toast.warning(result.message);
      return;
    }
    set('features', result.tags);
    setTag('');
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    // The limit counts the media the listing keeps as well as the new ones.
    const tooMany = checkMediaCount(existing.length + files.length, picked.length, maxMedia);
    if (tooMany) {
      toast.warning(tooMany);
      return;
    }
    const accepted: ChosenFile[] = [];
    for (const file of picked) {
      const problem = checkListingMediaFile(file);
      if (problem) toast.warning(problem);
      else accepted.push({ id: newId(), file, preview: previewOf(file) });
    }
    setFiles((f) => [...f, ...accepted]);
    draftMedia
      ?.add(accepted)
      .catch((err: unknown) => console.error('keeping the chosen files failed', err));
  };

  const removeFile = (id: string) => {
    const gone = files.find((f) => f.id === id);
    if (gone) {
      URL.revokeObjectURL(gone.preview);
      previews.current.delete(gone.preview);
    }
    setFiles((all) => all.filter((f) => f.id !== id));
    draftMedia
      ?.remove(id)
      .catch((err: unknown) => console.error('forgetting a chosen file failed', err));
  };

  const discardDraft = async () => {
    if (!user) return;
    localStorage.removeItem(draftKey(user.id));
    for (const f of files) URL.revokeObjectURL(f.preview);
    setFiles([]);
    setDraft(emptyDraft(user.name ?? '', user.phone ?? ''));
    setErrors({});
    setStep(1);
    try {
      await draftMedia?.clear();
      toast.success(PROPERTY_MESSAGES.draftDiscarded);
    } catch (err) {
      console.error('discarding the draft files failed', err);
      toast.error(PROPERTY_MESSAGES.publishFailed);
    }
  };

  /** A step changed after it was checked: show the first step with a problem. True if one was found. */
  const showFirstInvalidStep = (): boolean => {
    for (const s of [1, 2, 3] as const) {
      const found = validatePropertyStep(s, formValues(draft));
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setStep(s);
        return true;
      }
    }
    return false;
  };

  /** The media checks of spec §5 over what the listing will have: kept plus new. */
  const mediaProblem = (): string | null =>
    checkPropertySubmit({
      userId: user?.id,
      imageCount:
        existing.filter((m) => m.type === 'image').length +
        files.filter((f) => mediaTypeOf(f.file) === 'image').length,
      mediaCount: existing.length + files.length,
      maxMedia,
    });

  /** The refused change is resent with this save: it leaves the list on /manage. */
  const forgetRefused = async () => {
    if (!refused || !device) return;
    await forgetRefusedChange(device.database, refused.id).catch((err: unknown) =>
      console.error('forgetting the refused change failed', refused.id, err),
    );
  };

  /**
   * Editing: the content fields change on the device and sync at once; removed media go with them.
   * New files wait in the outbox and then set the listing's media (kept + new).
   */
  const saveEdit = async (edited: PropertyDoc) => {
    const problem = mediaProblem();
    if (problem) {
      toast.warning(problem);
      return;
    }
    const parsed = propertyFormSchema.safeParse(formValues(draft));
    if (!parsed.success || !device || (files.length > 0 && !device.outbox)) {
      if (parsed.success || !showFirstInvalidStep()) toast.error(PROPERTY_MESSAGES.publishFailed);
      return;
    }
    const form = parsed.data;
    setSubmitting(true);
    try {
      const doc = await device.database.properties.findOne(edited.id).exec();
      if (!doc) throw new Error('listing not on this device');
      const now = new Date().toISOString();
      const saved = await doc.incrementalModify((old) => {
        const next = {
          ...old,
          title: form.title,
          description: form.description,
          type: form.type,
          price: Math.round(form.price),
          area: form.area,
          bedrooms: form.bedrooms ?? bedroomsFromRooms(form.rooms) ?? old.bedrooms,
          rooms: form.rooms,
          address: { ...old.address, ...form.address },
          features: form.features,
          contact: { name: form.contact_name ?? '', phone: form.contact_phone },
          contact_phone: form.contact_phone,
          panorama_url: form.panorama_url,
          updated_at: now,
        };
        if (next.panorama_url === undefined) delete next.panorama_url;
        if (files.length === 0 && !sameMedia(existing, mediaOfListing(old)))
          Object.assign(next, composeListingMedia(existing, old.id, now));
        return next;
      });
      if (files.length > 0) {
        const {
          images: _images,
          media_items: _media,
          owner: _owner,
          ...content
        } = saved.toJSON() as PropertyDoc;
        await device.outbox!.add(
          content as OutboxListing,
          files.map((f) => f.file),
          { kept: existing, editOf: edited.id, publicationId: newId() },
        );
      }
      await forgetRefused();
      toast.success(PROPERTY_MESSAGES.updateSuccess);
      // New files upload on /manage; an admin editing someone's pending listing goes back to review.
      await navigate(
        files.length > 0
          ? '/manage'
          : listing?.user_id === user?.id
            ? '/my-properties'
            : '/admin/audit',
      );
    } catch (err) {
      console.error('saving the listing failed', err);
      toast.error(PROPERTY_MESSAGES.publishFailed);
    } finally {
      setSubmitting(false);
    }
  };

  const submit = async () => {
    if (submitting) return;
    if (listing) return saveEdit(listing);
    const problem = mediaProblem();
    if (problem) {
      toast.warning(problem);
      return;
    }
    const parsed = propertyFormSchema.safeParse(formValues(draft));
    if (!parsed.success || !user || !device?.outbox) {
      if (parsed.success || !showFirstInvalidStep()) toast.error(PROPERTY_MESSAGES.publishFailed);
      return;
    }
    const form = parsed.data;
    const now = new Date().toISOString();
    const created: OutboxListing = {
      id: newId(),
      user_id: user.id,
      title: form.title,
      description: form.description,
      type: form.type,
      price: Math.round(form.price),
      area: form.area,
      bedrooms: form.bedrooms ?? bedroomsFromRooms(form.rooms) ?? 0,
      rooms: form.rooms,
      address: {
        province: DEFAULT_PROVINCE,
        city: DEFAULT_CITY,
        district: form.address.district,
        community: form.address.community,
        address: form.address.address,
      },
      status: 'active',
      audit_status: 'pending',
      audit_comment: '',
      audited_by: null,
      audited_at: null,
      is_priority: false,
      is_featured: false,
      view_count: 0,
      features: form.features,
      contact: { name: form.contact_name ?? '', phone: form.contact_phone },
      contact_phone: form.contact_phone,
      ...(form.panorama_url ? { panorama_url: form.panorama_url } : {}),
      created_at: now,
      updated_at: now,
    };
    setSubmitting(true);
    try {
      await device.outbox.add(
        created,
        files.map((f) => f.file),
        { kept: existing },
      );
      if (persist) {
        localStorage.removeItem(draftKey(user.id));
        await draftMedia
          ?.clear()
          .catch((err: unknown) => console.error('clearing the draft files failed', err));
      }
      await forgetRefused();
      toast.success(PROPERTY_MESSAGES.publishSuccess);
      await navigate('/manage');
    } catch (err) {
      console.error('publishing failed', err);
      toast.error(PROPERTY_MESSAGES.publishFailed);
    } finally {
      setSubmitting(false);
    }
  };

  const onTagKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      addTag();
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontSize: { xs: 20, md: 24 } }}>
          {listing ? '编辑房源' : refused ? '重新提交房源' : '发布房源'}
        </Typography>
        {hasDraft && (
          <Button
            size="small"
            color="inherit"
            startIcon={<DeleteSweepOutlined />}
            onClick={() => setConfirmDiscard(true)}
          >
            {PROPERTY_MESSAGES.discardDraft}
          </Button>
        )}
      </Stack>
      {refused && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="refused-notice">
          {listing
            ? REFUSED_CHANGE_MESSAGES.editHint(refused.message)
            : REFUSED_CHANGE_MESSAGES.resendAsNew(refused.message)}
        </Alert>
      )}
      {!refused && listing?.audit_status === 'rejected' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          未通过审核{listing.audit_comment ? `：${listing.audit_comment}` : ''}
          。修改后保存即重新提交审核。
        </Alert>
      )}
      <Stepper activeStep={step - 1} alternativeLabel sx={{ mb: 2 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2.5} component="section" aria-label={STEPS[step - 1]}>
          {step === 1 && (
            <>
              <TextField label="房源标题" required {...field('title')} />
              <ToggleButtonGroup
                exclusive
                fullWidth
                color="primary"
                value={draft.type}
                onChange={(_e, v: PropertyType | null) => v && set('type', v)}
                aria-label="房源类型"
              >
                {PROPERTY_TYPES.map((t) => (
                  <ToggleButton key={t} value={t}>
                    {PROPERTY_TYPE_LABELS[t]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </>
          )}
          {step === 2 && (
            <>
              <TextField label="户型" required placeholder="如：3室2厅1卫" {...field('rooms')} />
              <TextField
                label="面积"
                required
                inputMode="decimal"
                {...field('area')}
                slotProps={{
                  input: { endAdornment: <InputAdornment position="end">㎡</InputAdornment> },
                }}
              />
              <TextField
                label="房源描述"
                required
                multiline
                minRows={4}
                {...field('description')}
              />
              <Box>
                <Typography sx={{ fontSize: 14, mb: 1 }}>房源特色</Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {[...PRESET_FEATURE_TAGS, ...customTags].map((t) => (
                    <Chip
                      key={t}
                      label={t}
                      clickable
                      color={draft.features.includes(t) ? 'primary' : 'default'}
                      variant={draft.features.includes(t) ? 'filled' : 'outlined'}
                      onClick={() => toggleTag(t)}
                      aria-pressed={draft.features.includes(t)}
                    />
                  ))}
                </Stack>
                <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
                  <TextField
                    size="small"
                    label="自定义标签"
                    value={tag}
                    onChange={(e) => setTag(e.target.value)}
                    onKeyDown={onTagKey}
                    helperText="最多4个字"
                  />
                  <Button
                    variant="outlined"
                    onClick={addTag}
                    sx={{ alignSelf: 'flex-start', mt: 0.25 }}
                  >
                    添加
                  </Button>
                </Stack>
              </Box>
            </>
          )}
          {step === 3 && (
            <>
              <TextField
                label={draft.type === 'sale' ? '售价' : '月租金'}
                required
                inputMode="decimal"
                {...field('price')}
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">{priceInputUnit(draft.type)}</InputAdornment>
                    ),
                  },
                }}
              />
              <TextField
                select
                label="所在区域"
                required
                {...field('district', 'address.district')}
              >
                {TOWNSHIPS.map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                ))}
              </TextField>
              <TextField label="小区名称" {...field('community', 'address.community')} />
              <TextField label="详细地址" required {...field('address', 'address.address')} />
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <TextField label="联系人" sx={{ flex: 1 }} {...field('contact_name')} />
                <TextField
                  label="联系电话"
                  required
                  inputMode="tel"
                  sx={{ flex: 1 }}
                  {...field('contact_phone')}
                />
              </Stack>
              <TextField
                label="360°全景链接（选填）"
                placeholder="https://"
                {...field('panorama_url')}
              />
            </>
          )}
          {step === 4 && (
            <>
              <MediaStep
                existing={existing}
                files={files}
                maxMedia={maxMedia}
                onRemoveExisting={(url) => setExisting((all) => all.filter((m) => m.url !== url))}
                onRemoveFile={removeFile}
                onChoose={choose}
              />
              {listing && files.length > 0 && (
                <Typography color="text.secondary" sx={{ fontSize: 13 }}>
                  {PROPERTY_MESSAGES.mediaWaiting}
                </Typography>
              )}
            </>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', pt: 1 }}>
            <Button
              disabled={step === 1}
              onClick={() => setStep((s) => Math.max(1, s - 1) as FormStep)}
            >
              上一步
            </Button>
            {step < 4 ? (
              <Button variant="contained" onClick={next}>
                下一步
              </Button>
            ) : (
              <Button variant="contained" loading={submitting} onClick={() => void submit()}>
                {listing ? '保存修改' : '提交发布'}
              </Button>
            )}
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
