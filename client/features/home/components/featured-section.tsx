import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';

/** 推荐房源 (spec §2 "Home"): the heading and link; the listings arrive with the data layer. */
export function FeaturedSection() {
  return (
    <Box component="section" aria-labelledby="featured-heading">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="featured-heading" variant="h6" component="h2" sx={{ fontSize: 20 }}>
          推荐房源
        </Typography>
        <Link
          component={RouterLink}
          to="/properties"
          underline="none"
          sx={{ display: 'flex', alignItems: 'center', fontSize: 14 }}
        >
          查看全部
          <ChevronRight fontSize="small" />
        </Link>
      </Stack>
      <Card sx={{ py: 6, px: 3, textAlign: 'center' }}>
        <ApartmentOutlined sx={{ fontSize: 48, color: 'grey.300', mb: 1 }} />
        <Typography sx={{ fontWeight: 600, mb: 0.5 }}>暂无推荐房源</Typography>
        <Typography color="text.secondary" sx={{ fontSize: 14, mb: 2.5 }}>
          精选房源上线后会显示在这里
        </Typography>
        <Button component={RouterLink} to="/properties" variant="outlined">
          浏览全部房源
        </Button>
      </Card>
    </Box>
  );
}
