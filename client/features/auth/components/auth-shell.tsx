import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import { APP_NAME, APP_TAGLINE } from '@client/config';
import { BrandMark } from '@client/components/brand-mark';

const SELLING_POINTS = [
  '房源经平台审核后上架',
  '买房、租房、发布一站完成',
  '覆盖澄江市六个街道和乡镇',
];

/** Frame of the login and register screens, which sit outside the main layout. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: { xs: 'stretch', sm: 'center' },
        justifyContent: 'center',
        bgcolor: { xs: 'background.paper', sm: 'background.default' },
        p: { xs: 0, sm: 3 },
      }}
    >
      <Card
        sx={{
          width: '100%',
          maxWidth: { sm: 480, md: 920 },
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
          border: { xs: 0, sm: 1 },
          borderColor: { sm: 'divider' },
          borderRadius: { xs: 0, sm: '20px' },
          boxShadow: { sm: '0 12px 40px rgba(31,35,41,0.08)' },
        }}
      >
        <Box
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            justifyContent: 'space-between',
            p: 5,
            color: 'common.white',
            background: 'linear-gradient(150deg, #00804b 0%, #00663b 100%)',
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <HomeWorkOutlined />
            <Typography sx={{ fontSize: 20, fontWeight: 700 }}>{APP_NAME}</Typography>
          </Stack>
          <Box>
            <Typography sx={{ fontSize: 28, fontWeight: 800, mb: 1 }}>{APP_TAGLINE}</Typography>
            <Stack spacing={1.25} sx={{ mt: 3 }}>
              {SELLING_POINTS.map((point) => (
                <Stack key={point} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <CheckCircleOutlined fontSize="small" />
                  <Typography sx={{ opacity: 0.92 }}>{point}</Typography>
                </Stack>
              ))}
            </Stack>
          </Box>
          <Typography sx={{ fontSize: 13, opacity: 0.75 }}>客服时间：每天 9:00-21:00</Typography>
        </Box>
        <Box sx={{ p: { xs: 3, sm: 5 }, pt: { xs: 2, sm: 4 } }}>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            color="text.secondary"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 14, mb: 3 }}
          >
            <ArrowBack fontSize="small" />
            返回首页
          </Link>
          <Stack
            direction="row"
            spacing={1}
            sx={{ display: { xs: 'flex', md: 'none' }, alignItems: 'center', mb: 2 }}
          >
            <BrandMark />
            <Typography sx={{ fontSize: 20, fontWeight: 700 }}>{APP_NAME}</Typography>
          </Stack>
          <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
            {title}
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
          {children}
        </Box>
      </Card>
    </Box>
  );
}
