import { lazy, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import { IMAGE_MIME_TYPES } from '@couchdb/model/media-facts';
import { newsFormSchema, type NewsForm, type NewsFormInput } from '@couchdb/model/news';
import {
  checkNewsCover,
  NEWS_CATEGORIES,
  NEWS_CATEGORY_LABELS,
  NEWS_MESSAGES,
  NEWS_STATUS_LABELS,
  NEWS_STATUSES,
} from '@couchdb/model/news-facts';
import { LazyPart } from '@client/components/lazy-part';
import { withFormLevelErrors } from '@client/components/form/form-level-errors';
import { FormTextField } from '@client/components/form/form-text-field';
import type { NewsDoc } from '@client/data/schemas/news.schema';
import { useOnlineStatus } from '@client/pwa/online-status';

// The editor's code (Tiptap, ProseMirror) is loaded only when the dialog opens.
const NewsEditor = lazy(() => import('./news-editor'));

const EMPTY: NewsFormInput = {
  title: '',
  summary: '',
  content: '',
  category: 'market',
  status: 'draft',
  image_url: '',
};

/**
 * 添加资讯 / 编辑资讯 (product §2 "Admin news"): title, cover with preview and remove, summary,
 * category, status and the rich-text content; full screen on phones. Validated with the shared
 * form schema; `onSave` writes to the device and says whether it worked.
 */
export function NewsDialog({
  article,
  onClose,
  onSave,
  uploadImage,
}: {
  /** The article to edit, or null for a new one. */
  article: NewsDoc | null;
  onClose(): void;
  onSave(form: NewsForm): Promise<boolean>;
  /** Uploads an image through the media endpoint and gives its address; throws the reason. */
  uploadImage(file: File): Promise<string>;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { control, handleSubmit, setValue, formState, clearErrors } = useForm<
    NewsFormInput,
    unknown,
    NewsForm
  >({
    resolver: withFormLevelErrors(zodResolver(newsFormSchema)),
    defaultValues: article
      ? {
          title: article.title,
          summary: article.summary ?? '',
          content: article.content,
          category: article.category,
          status: article.status,
          image_url: article.image_url ?? '',
        }
      : EMPTY,
  });
  const saving = formState.isSubmitting;
  const online = useOnlineStatus();
  const cover = useWatch({ control, name: 'image_url' }) ?? '';
  const [coverPreview, setCoverPreview] = useState<string | null>(null);
  const [coverUploading, setCoverUploading] = useState(false);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (coverPreview) URL.revokeObjectURL(coverPreview);
    },
    [coverPreview],
  );

  const chooseCover = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const problem = checkNewsCover(file);
    if (problem || !file) {
      setCoverError(problem);
      return;
    }
    setCoverError(null);
    setCoverPreview(URL.createObjectURL(file));
    setCoverUploading(true);
    try {
      setValue('image_url', await uploadImage(file), { shouldDirty: true });
    } catch (err) {
      setCoverPreview(null);
      setCoverError(NEWS_MESSAGES.imageUploadFailedWith(messageOf(err)));
    } finally {
      setCoverUploading(false);
    }
  };

  const editorImage = async (file: File): Promise<string | null> => {
    const problem = checkNewsCover(file);
    if (problem) {
      setImageError(problem);
      return null;
    }
    setImageError(null);
    try {
      return await uploadImage(file);
    } catch (err) {
      setImageError(NEWS_MESSAGES.imageUploadFailedWith(messageOf(err)));
      return null;
    }
  };

  // The form's message sits under the editor, below the fold on a phone: each failed save brings it
  // into view, so 保存 never seems to do nothing.
  const formError = formState.errors.root?.message;
  // It says what was missing at the last save: typing the title or the content takes it away (the
  // next save checks again), instead of it standing under a filled form.
  const [title, content] = useWatch({ control, name: ['title', 'content'] });
  useEffect(() => clearErrors('root'), [title, content, clearErrors]);
  const formErrorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formError) formErrorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [formError, formState.submitCount]);

  const save = handleSubmit(async (form) => {
    if (await onSave(form)) onClose();
  });
  const shownCover = coverPreview ?? cover;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <form onSubmit={(e) => void save(e)} noValidate style={{ display: 'contents' }}>
        <DialogTitle>{article ? '编辑资讯' : '添加资讯'}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <FormTextField control={control} name="title" label="标题" required fullWidth />
            <Box>
              <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 1 }}>
                封面图片
              </Typography>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                {shownCover ? (
                  <Box
                    component="img"
                    src={shownCover}
                    alt="封面预览"
                    data-testid="news-cover-preview"
                    data-state={coverUploading ? 'uploading' : 'ready'}
                    sx={{
                      width: 160,
                      height: 100,
                      objectFit: 'cover',
                      borderRadius: 1,
                      opacity: coverUploading ? 0.5 : 1,
                    }}
                  />
                ) : (
                  <Box
                    sx={{
                      width: 160,
                      height: 100,
                      borderRadius: 1,
                      bgcolor: 'grey.100',
                      display: 'grid',
                      placeItems: 'center',
                      color: 'grey.400',
                    }}
                  >
                    <AddPhotoAlternateOutlined />
                  </Box>
                )}
                <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Button
                    component="label"
                    variant="outlined"
                    size="small"
                    loading={coverUploading}
                    disabled={saving || !online}
                  >
                    {shownCover ? '更换封面' : '上传封面'}
                    <input
                      hidden
                      type="file"
                      accept={IMAGE_MIME_TYPES.join(',')}
                      aria-label="选择封面图片"
                      data-testid="news-cover-input"
                      onChange={(e) => void chooseCover(e)}
                    />
                  </Button>
                  {shownCover && !coverUploading && (
                    <Button
                      size="small"
                      color="inherit"
                      disabled={saving}
                      onClick={() => {
                        setCoverPreview(null);
                        setValue('image_url', '', { shouldDirty: true });
                      }}
                    >
                      移除封面
                    </Button>
                  )}
                </Stack>
              </Stack>
              {coverError && (
                <Alert severity="error" data-testid="news-cover-error" sx={{ mt: 1 }}>
                  {coverError}
                </Alert>
              )}
              {!online && !coverUploading && (
                <Alert severity="info" data-testid="news-images-offline" sx={{ mt: 1 }}>
                  {NEWS_MESSAGES.imagesNeedConnection}
                </Alert>
              )}
            </Box>
            <FormTextField control={control} name="summary" label="摘要" multiline minRows={2} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={control} name="category" label="分类" select fullWidth>
                {NEWS_CATEGORIES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {NEWS_CATEGORY_LABELS[c]}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField control={control} name="status" label="状态" select fullWidth>
                {NEWS_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {NEWS_STATUS_LABELS[s]}
                  </MenuItem>
                ))}
              </FormTextField>
            </Stack>
            <Box>
              <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 1 }}>内容</Typography>
              <Controller
                control={control}
                name="content"
                render={({ field }) => (
                  <LazyPart
                    name="news editor"
                    fallback={<Skeleton variant="rounded" height={260} />}
                  >
                    <NewsEditor
                      initialContent={field.value}
                      onChange={field.onChange}
                      uploadImage={editorImage}
                    />
                  </LazyPart>
                )}
              />
              {imageError && (
                <Alert severity="error" data-testid="news-image-error" sx={{ mt: 1 }}>
                  {imageError}
                </Alert>
              )}
            </Box>
            {formError && (
              <Alert ref={formErrorRef} severity="error" data-testid="news-form-error">
                {formError}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            取消
          </Button>
          <Button type="submit" variant="contained" loading={saving} disabled={coverUploading}>
            保存
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
