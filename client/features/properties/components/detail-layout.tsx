import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';

/** A titled card of the detail page (房源信息, 房源特色 …). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/** 返回房源列表. */
export function BackLink() {
  return (
    <Link
      component={RouterLink}
      to="/properties"
      underline="none"
      sx={{ display: 'inline-flex', alignItems: 'center', fontSize: 14, color: 'text.secondary' }}
    >
      <ChevronLeft fontSize="small" />
      返回房源列表
    </Link>
  );
}

/** The detail page while the device reads the listing. */
export function DetailSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }} aria-busy>
      <Skeleton
        variant="rectangular"
        sx={{ width: '100%', height: 'auto', aspectRatio: '3 / 2', borderRadius: 3, maxWidth: 760 }}
      />
      <Skeleton width="60%" height={40} sx={{ mt: 2 }} />
      <Skeleton width="30%" height={32} />
    </Container>
  );
}
