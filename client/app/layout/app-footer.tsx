import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { APP_NAME, APP_TAGLINE } from '@client/config';
import type { NavItem } from './nav-items';

const QUICK_LINKS: NavItem[] = [
  { label: '首页', to: '/' },
  { label: '房源列表', to: '/properties' },
  { label: '房产资讯', to: '/news' },
  { label: '发布房源', to: '/publish/property' },
];

/** Terms, privacy and contact are sections of the help centre until they get pages of their own. */
const SUPPORT_LINKS: NavItem[] = [
  { label: '帮助中心', to: '/help' },
  { label: '服务条款', to: '/help#terms' },
  { label: '隐私政策', to: '/help#privacy' },
  { label: '联系我们', to: '/help#contact' },
];

function LinkColumn({ title, links }: { title: string; links: NavItem[] }) {
  return (
    <Box component="nav" aria-label={title}>
      <Typography sx={{ fontWeight: 600, mb: 1.5, color: 'common.white' }}>{title}</Typography>
      <Stack spacing={1}>
        {links.map((item) => (
          <Link
            key={item.to}
            component={RouterLink}
            to={item.to}
            underline="hover"
            sx={{ color: 'grey.400', fontSize: 14 }}
          >
            {item.label}
          </Link>
        ))}
      </Stack>
    </Box>
  );
}

/** Desktop-only footer (product §2 "Chrome"): contact, quick links, support links. */
export function AppFooter() {
  return (
    <Box
      component="footer"
      sx={{ display: { xs: 'none', md: 'block' }, bgcolor: '#1f2329', color: 'grey.400', mt: 8 }}
    >
      <Container maxWidth="lg" sx={{ py: 5 }}>
        <Grid container spacing={4}>
          <Grid size={{ md: 6 }}>
            <Typography variant="h6" component="p" sx={{ color: 'common.white', mb: 1 }}>
              {APP_NAME}
            </Typography>
            <Typography sx={{ fontSize: 14, mb: 2 }}>{APP_TAGLINE}</Typography>
            <Stack spacing={1} sx={{ fontSize: 14 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <PlaceOutlined fontSize="small" />
                <span>服务区域：澄江市凤麓街道、龙街街道、右所镇、海口镇、九村镇、阳宗镇</span>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <AccessTimeOutlined fontSize="small" />
                <span>客服时间：每天 9:00-21:00</span>
              </Stack>
            </Stack>
          </Grid>
          <Grid size={{ md: 3 }}>
            <LinkColumn title="快速链接" links={QUICK_LINKS} />
          </Grid>
          <Grid size={{ md: 3 }}>
            <LinkColumn title="服务支持" links={SUPPORT_LINKS} />
          </Grid>
        </Grid>
        <Divider sx={{ borderColor: 'rgba(255,255,255,0.08)', my: 3 }} />
        <Typography sx={{ fontSize: 13 }}>
          © {new Date().getFullYear()} {APP_NAME} 版权所有
        </Typography>
      </Container>
    </Box>
  );
}
