import { useEffect, useMemo, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
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
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
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
import { priceInputToYuan, priceInputUnit, priceToInput } from '@couchdb/rules/format';
import { EmptyState } from '@client/components/empty-state';
import { useToast } from '@client/components/toast/toast-context';
import { useOpenDevice, useProperty, useSettings, useSyncSettled } from '@client/data/hooks';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import type { OutboxListing } from '@client/data/media-outbox';
import { useAuth } from '@client/features/auth/auth-context';

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

function loadDraft(userId: string, name: string, phone: string): Draft {
  const empty: Draft = {
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

interface Chosen {
  file: File;
  preview: string;
}

/**
 * 发布房源 (spec §2 "Publish property", §5): four steps, each checked before the next; the draft is
 * kept on the device as you type; photos and videos wait in the device's media outbox and upload
 * when there is a connection, so publishing works offline too.
 */
export default function PublishPropertyScreen() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const { user } = useAuth();
  const { data: listing } = useProperty(editId ?? undefined);
  const settled = useSyncSettled('properties');
  if (!editId) return <PropertyForm listing={null} />;
  const mine = listing && (listing.user_id === user?.id || user?.user_type === 'admin');
  if (listing === undefined || (listing === null && !settled)) {
    return (
      <Stack sx={{ alignItems: 'center', py: 8 }}>
        <CircularProgress aria-label="加载中" />
      </Stack>
    );
  }
  if (!listing || !mine || listing.status === 'deleted') {
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
  return <PropertyForm key={listing.id} listing={listing} />;
}

/** The listing's content as the form edits it. */
function draftOf(p: PropertyDoc): Draft {
  return {
    title: p.title,
    type: p.type,
    rooms: p.rooms,
    area: String(p.area),
    description: p.description,
    features: p.features,
    price: priceToInput(p.type, p.price),
    district: p.address.district,
    community: p.address.community,
    address: p.address.address,
    contact_name: p.contact.name,
    contact_phone: p.contact_phone ?? p.contact.phone ?? '',
    panorama_url: p.panorama_url ?? '',
  };
}

function PropertyForm({ listing }: { listing: PropertyDoc | null }) {
  const { user } = useAuth();
  const device = useOpenDevice();
  const settings = useSettings();
  const toast = useToast();
  const navigate = useNavigate();
  const [step, setStep] = useState<FormStep>(1);
  const [draft, setDraft] = useState<Draft>(() =>
    listing ? draftOf(listing) : loadDraft(user?.id ?? '', user?.name ?? '', user?.phone ?? ''),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tag, setTag] = useState('');
  const [files, setFiles] = useState<Chosen[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const maxMedia = settings.maxImagesPerProperty;

  // The draft is saved as it is typed (files live in the outbox once submitted).
  useEffect(() => {
    if (!user || listing) return;
    try {
      localStorage.setItem(draftKey(user.id), JSON.stringify(draft));
    } catch {
      // Storage full or private mode: the form still works, only the draft is not kept.
    }
  }, [draft, user, listing]);
  useEffect(() => () => files.forEach((f) => URL.revokeObjectURL(f.preview)), [files]);

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
    const tooMany = checkMediaCount(files.length, picked.length, maxMedia);
    if (tooMany) {
      toast.warning(tooMany);
      return;
    }
    const accepted: Chosen[] = [];
    for (const file of picked) {
      const problem = checkListingMediaFile(file);
      if (problem) toast.warning(problem);
      else accepted.push({ file, preview: URL.createObjectURL(file) });
    }
    setFiles((f) => [...f, ...accepted]);
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

  /** Editing: the content fields change on the device and sync; media stay as they are. */
  const saveEdit = async (edited: PropertyDoc) => {
    const parsed = propertyFormSchema.safeParse(formValues(draft));
    if (!parsed.success || !device) {
      if (parsed.success || !showFirstInvalidStep()) toast.error(PROPERTY_MESSAGES.publishFailed);
      return;
    }
    const form = parsed.data;
    setSubmitting(true);
    try {
      const doc = await device.database.properties.findOne(edited.id).exec();
      if (!doc) throw new Error('listing not on this device');
      await doc.incrementalModify((old) => {
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
          updated_at: new Date().toISOString(),
        };
        if (next.panorama_url === undefined) delete next.panorama_url;
        return next;
      });
      toast.success(PROPERTY_MESSAGES.updateSuccess);
      // An admin editing someone's pending listing goes back to the review queue.
      await navigate(listing?.user_id === user?.id ? '/my-properties' : '/admin/audit');
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
    const imageCount = files.filter((f) => mediaTypeOf(f.file) === 'image').length;
    const problem = checkPropertySubmit({
      userId: user?.id,
      imageCount,
      mediaCount: files.length,
      maxMedia,
    });
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
      );
      localStorage.removeItem(draftKey(user.id));
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
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontSize: { xs: 20, md: 24 } }}>
        {listing ? '编辑房源' : '发布房源'}
      </Typography>
      {listing?.audit_status === 'rejected' && (
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
          {step === 4 && listing && (
            <>
              <Typography color="text.secondary" sx={{ fontSize: 14 }}>
                当前图片视频保持不变（{listing.media_items.length || listing.images.length} 个）。
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
                }}
              >
                {listing.images.map((img) => (
                  <Box
                    key={img.id}
                    component="img"
                    src={img.thumbnail_url || img.url}
                    alt=""
                    sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1 }}
                  />
                ))}
              </Box>
            </>
          )}
          {step === 4 && !listing && (
            <>
              <Typography color="text.secondary" sx={{ fontSize: 14 }}>
                最多 {maxMedia} 个文件：图片（JPG、PNG、WebP，5MB以内）至少一张，视频 50MB
                以内。没有网络时会先保存在本机，联网后自动上传。
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
                }}
                data-testid="chosen-media"
              >
                {files.map((f, i) => (
                  <Box
                    key={f.preview}
                    sx={{
                      position: 'relative',
                      aspectRatio: '1',
                      borderRadius: 1,
                      overflow: 'hidden',
                      bgcolor: 'grey.200',
                    }}
                  >
                    {mediaTypeOf(f.file) === 'video' ? (
                      <Stack
                        sx={{ height: '100%', alignItems: 'center', justifyContent: 'center' }}
                      >
                        <VideocamOutlined color="action" />
                        <Typography sx={{ fontSize: 11, px: 0.5 }} noWrap>
                          {f.file.name}
                        </Typography>
                      </Stack>
                    ) : (
                      <Box
                        component="img"
                        src={f.preview}
                        alt={f.file.name}
                        sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                      />
                    )}
                    {i === 0 && mediaTypeOf(f.file) === 'image' && (
                      <Chip
                        size="small"
                        color="primary"
                        label="封面"
                        sx={{ position: 'absolute', left: 4, top: 4 }}
                      />
                    )}
                    <IconButton
                      size="small"
                      aria-label={`移除 ${f.file.name}`}
                      onClick={() => setFiles((all) => all.filter((x) => x !== f))}
                      sx={{
                        position: 'absolute',
                        right: 2,
                        top: 2,
                        bgcolor: 'rgba(0,0,0,0.5)',
                        color: 'common.white',
                      }}
                    >
                      <CloseOutlined fontSize="small" />
                    </IconButton>
                  </Box>
                ))}
                {files.length < maxMedia && (
                  <Button
                    component="label"
                    variant="outlined"
                    sx={{ aspectRatio: '1', flexDirection: 'column', gap: 0.5 }}
                  >
                    <AddPhotoAlternateOutlined />
                    添加
                    <input
                      hidden
                      type="file"
                      multiple
                      accept="image/jpeg,image/png,image/webp,video/mp4,video/quicktime,video/x-msvideo,video/webm"
                      aria-label="选择图片或视频"
                      onChange={choose}
                    />
                  </Button>
                )}
              </Box>
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
    </Container>
  );
}
