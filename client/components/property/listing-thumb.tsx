import Box from '@mui/material/Box';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import type { Property } from '@couchdb/model/property';
import { coverImage } from './cover-image';

/** The small cover photo of a listing row (owner's and admin's lists), or a building icon. */
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
        <Box
          component="img"
          src={cover}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <ApartmentOutlined sx={{ color: 'grey.400', fontSize: 36 }} />
      )}
    </Box>
  );
}
