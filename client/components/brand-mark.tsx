import Box from '@mui/material/Box';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';

/** The logo mark: the house icon on a rounded square of the brand colour. */
export function BrandMark() {
  return (
    <Box
      sx={{
        width: 34,
        height: 34,
        borderRadius: 2,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <HomeWorkOutlined fontSize="small" />
    </Box>
  );
}
