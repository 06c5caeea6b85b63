import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import { PHOTO_PREPARE_MESSAGES } from '@couchdb/model/media-checks';
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES, mediaTypeOf } from '@couchdb/model/media-facts';
import type { ListingMedia } from '@client/data/media/listing-media';

/** A file chosen on this device, not uploaded yet. */
export interface ChosenFile {
  id: string;
  file: File;
  preview: string;
  /** Kept on the device with the draft (it comes back after a reload or a closed app). */
  kept?: boolean;
}

/** Picked photos being made small: the `current` one of `total`. */
export interface PhotoProgress {
  current: number;
  total: number;
}

const ACCEPT = [...IMAGE_MIME_TYPES.filter((t) => t !== 'image/jpg'), ...VIDEO_MIME_TYPES].join(
  ',',
);

interface Tile {
  key: string;
  kind: 'image' | 'video';
  src: string;
  name: string;
  source: 'server' | 'device';
  /** A file from the device: whether the draft keeps it yet. */
  kept?: boolean;
  onRemove(): void;
}

/**
 * Step 4 of the publish form: the listing's photos and videos, those already on the server first
 * (when editing) then those chosen on this device, each removable, and the add button while the
 * total is under the limit. The first photo is the cover. While picked photos are being made
 * small (`preparing`), it says which one, and nothing more can be added.
 */
export function MediaStep({
  existing,
  files,
  maxMedia,
  preparing,
  onRemoveExisting,
  onRemoveFile,
  onChoose,
}: {
  existing: readonly ListingMedia[];
  files: readonly ChosenFile[];
  maxMedia: number;
  preparing: PhotoProgress | null;
  onRemoveExisting(url: string): void;
  onRemoveFile(id: string): void;
  onChoose(event: ChangeEvent<HTMLInputElement>): void;
}) {
  const tiles: Tile[] = [
    ...existing.map((m): Tile => ({
      key: m.url,
      kind: m.type,
      src: m.thumbnail_url || m.url,
      name: m.url.split('/').pop() ?? m.url,
      source: 'server',
      onRemove: () => onRemoveExisting(m.url),
    })),
    ...files.map((f): Tile => ({
      key: f.id,
      kind: mediaTypeOf(f.file) === 'video' ? 'video' : 'image',
      src: f.preview,
      name: f.file.name,
      source: 'device',
      kept: f.kept === true,
      onRemove: () => onRemoveFile(f.id),
    })),
  ];
  const cover = tiles.find((t) => t.kind === 'image');

  return (
    <>
      <Typography color="textSecondary" sx={{ fontSize: 14 }}>
        最多 {maxMedia} 个文件：图片（JPG、PNG、WebP，在本机压缩后上传）至少一张，视频 50MB
        以内。没有网络时会先保存在本机，联网后自动上传。
      </Typography>
      {preparing && (
        <Box role="status" data-testid="photo-preparing">
          <Typography sx={{ fontSize: 14, mb: 0.5 }}>
            {PHOTO_PREPARE_MESSAGES.preparing(preparing.current, preparing.total)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={((preparing.current - 1) / preparing.total) * 100}
            aria-hidden
          />
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
        }}
        data-testid="chosen-media"
      >
        {tiles.map((t) => (
          <Box
            key={t.key}
            data-testid="media-tile"
            data-source={t.source}
            data-kept={t.kept}
            sx={{
              position: 'relative',
              aspectRatio: '1',
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'grey.200',
            }}
          >
            {t.kind === 'video' && t.source === 'device' ? (
              <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center' }}>
                <VideocamOutlined color="action" />
                <Typography sx={{ fontSize: 11, px: 0.5, maxWidth: '100%' }} noWrap>
                  {t.name}
                </Typography>
              </Stack>
            ) : (
              <Box
                component="img"
                src={t.src}
                alt={t.name}
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            )}
            {t === cover && (
              <Chip
                size="small"
                color="primary"
                label="封面"
                sx={{ position: 'absolute', left: 4, top: 4 }}
              />
            )}
            {t.kind === 'video' && t.source === 'server' && (
              <VideocamOutlined
                sx={{ position: 'absolute', left: 4, bottom: 4, color: 'common.white' }}
              />
            )}
            {t.source === 'device' && existing.length > 0 && (
              <Chip
                size="small"
                label="新"
                sx={{ position: 'absolute', left: 4, bottom: 4, bgcolor: 'rgba(255,255,255,0.9)' }}
              />
            )}
            <IconButton
              size="small"
              aria-label={`移除 ${t.name}`}
              onClick={t.onRemove}
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
        {preparing &&
          Array.from({ length: preparing.total }, (_, i) => (
            <Stack
              key={`preparing-${i}`}
              data-testid="media-tile-preparing"
              sx={{
                aspectRatio: '1',
                borderRadius: 1,
                bgcolor: 'grey.200',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <CircularProgress size={24} aria-hidden />
            </Stack>
          ))}
        {tiles.length < maxMedia && !preparing && (
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
              accept={ACCEPT}
              aria-label="选择图片或视频"
              onChange={onChoose}
            />
          </Button>
        )}
      </Box>
    </>
  );
}
