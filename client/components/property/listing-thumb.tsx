import Box from '@mui/material/Box';
import type { Property } from '@couchdb/model/property';
import { coverImage } from './cover-image';
import { Photo, PhotoPlaceholder } from '../photo';

const THUMB_SX = { width: '100%', height: '100%', objectFit: 'cover' } as const;

/** The small cover photo of a listing row (owner's and admin's lists), or its placeholder. */
export function ListingThumb({ images }: { images: Property['images'] | undefined }) {
  const cover = coverImage(images);
  return (
    <Box
      sx={{
        width: { xs: 92, sm: 144 },
        aspectRatio: '4 / 3',
        flexShrink: 0,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'grey.100',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {cover ? (
        <Photo src={cover} alt="" loading="lazy" iconSize={36} sx={THUMB_SX} />
      ) : (
        <PhotoPlaceholder iconSize={36} sx={THUMB_SX} />
      )}
    </Box>
  );
}
