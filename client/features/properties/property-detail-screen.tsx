import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import ThreeSixtyOutlined from '@mui/icons-material/ThreeSixtyOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  checkPanorama,
  PROPERTY_MESSAGES,
  PROPERTY_TYPE_LABELS,
} from '@couchdb/model/property-facts';
import { canReadDocument } from '@couchdb/rules/access';
import { resolveContactPhone } from '@couchdb/rules/contact';
import {
  formatAddress,
  formatArea,
  formatDate,
  formatPrice,
  formatRelativeDate,
} from '@couchdb/rules/format';
import { copyText } from '@client/components/copy-text';
import { EmptyState } from '@client/components/empty-state';
import { FavoriteButton } from '@client/components/property/favorite-button';
import { PropertyBadges } from '@client/components/property/property-badges';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { useToast } from '@client/components/toast/toast-context';
import { useOpenDevice, useProperty, useSettings, useSyncSettled } from '@client/data/hooks';
import { readStoredPromotion } from '@client/data/promotion';
import { recordRecentView } from '@client/data/recent';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { useAuth } from '@client/lib/session/auth-context';
import type { LoginRedirectState } from '@client/components/auth/require-auth';
import { ContactDialog } from './components/contact-dialog';
import { MediaCarousel } from './components/media-carousel';
import { mediaSlides } from './components/media-slides';
import { PanoramaOverlay } from './components/panorama-overlay';
import { FactGrid } from './components/property-facts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

function BackLink() {
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

/** Records the view (counter queue, sent when online) and the recently viewed entry, once per listing. */
function useRecordView(property: PropertyDoc | null | undefined, visible: boolean) {
  const device = useOpenDevice();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!property || !visible || !device) return;
    const key = `${device.database.name}:${property.id}`;
    if (recorded.current === key) return;
    recorded.current = key;
    device.sync?.counters
      .record('property_view', property.id)
      .catch((err: unknown) => console.error('recording the view failed', property.id, err));
    recordRecentView(device.database, property.id).catch((err: unknown) =>
      console.error('recording recently viewed failed', property.id, err),
    );
  }, [property, visible, device]);
}

/** 房源详情 (spec §2): media, panorama, favourite, share, phone dialog and the listing's facts. */
export default function PropertyDetailScreen() {
  const { id } = useParams();
  const { data: property } = useProperty(id);
  const settled = useSyncSettled('properties');
  const { user } = useAuth();
  const viewer = user ? { id: user.id, role: user.user_type } : null;
  const visible = Boolean(property && canReadDocument('properties', property, viewer));
  useRecordView(property, visible);

  if (property === undefined || (property === null && !settled)) return <DetailSkeleton />;
  if (!property || !visible) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <EmptyState
          icon={<HomeWorkOutlined fontSize="inherit" />}
          title={PROPERTY_MESSAGES.notFound}
          description="该房源可能已被删除、下架或尚未通过审核"
          action={
            <Button component={RouterLink} to="/properties" variant="contained">
              返回房源列表
            </Button>
          }
        />
      </Container>
    );
  }
  return <PropertyDetail key={property.id} property={property} />;
}

function DetailSkeleton() {
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

function PropertyDetail({ property: p }: { property: PropertyDoc }) {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const device = useOpenDevice();
  const settings = useSettings();
  const favorites = useFavoriteToggle();
  const [panoramaOpen, setPanoramaOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [now] = useState(() => Date.now());
  const slides = useMemo(() => mediaSlides(p), [p]);
  const contact = useMemo(
    () =>
      resolveContactPhone({
        promotion: readStoredPromotion(),
        property: p,
        defaultContact: settings.defaultContact,
      }),
    [p, settings.defaultContact],
  );

  const openPanorama = () => {
    const missing = checkPanorama(p.panorama_url);
    if (missing) toast.info(missing);
    else setPanoramaOpen(true);
  };

  const share = async () => {
    const ok = await copyText(window.location.href);
    if (ok) toast.success(PROPERTY_MESSAGES.linkCopied);
    else toast.error(PROPERTY_MESSAGES.copyFailed);
  };

  const openContact = () => {
    if (!user) {
      toast.warning(PROPERTY_MESSAGES.loginRequired);
      const state: LoginRedirectState = {
        from: { pathname: location.pathname, search: location.search, hash: location.hash },
      };
      void navigate('/login', { state });
      return;
    }
    setContactOpen(true);
    device?.sync?.counters
      .record('property_contact', p.id)
      .catch((err: unknown) => console.error('recording the contact open failed', p.id, err));
  };

  const unitPrice =
    p.type === 'sale' && p.area > 0
      ? `${Math.round(p.price / p.area).toLocaleString('zh-CN')}元/㎡`
      : null;
  const facts = [
    { label: '户型', value: p.rooms || `${p.bedrooms}室`, testId: 'fact-rooms' },
    { label: '面积', value: formatArea(p.area), testId: 'fact-area' },
    { label: '类型', value: PROPERTY_TYPE_LABELS[p.type] },
    { label: '区域', value: p.address?.district ?? '' },
    { label: '小区', value: p.address?.community || '—' },
    { label: '发布时间', value: formatDate(p.created_at) },
  ];

  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 0, md: 3 }, px: { md: 3 } }}>
      <Box sx={{ display: { xs: 'none', md: 'block' }, mb: 2 }}>
        <BackLink />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.5fr) minmax(320px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <MediaCarousel slides={slides} title={p.title} />
        <Card
          component="section"
          aria-label="房源概要"
          sx={{ p: { xs: 2, md: 3 }, mx: { xs: 1.5, md: 0 } }}
        >
          <Stack spacing={1.5}>
            <PropertyBadges property={p} now={now} />
            <Typography
              variant="h5"
              component="h1"
              sx={{ fontSize: { xs: 20, md: 24 }, lineHeight: 1.35 }}
            >
              {p.title}
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
              <Typography
                data-testid="detail-price"
                sx={{ color: 'secondary.main', fontWeight: 800, fontSize: { xs: 28, md: 32 } }}
              >
                {formatPrice(p.type, p.price)}
              </Typography>
              {unitPrice && <Typography color="text.secondary">{unitPrice}</Typography>}
            </Stack>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'flex-start', color: 'text.secondary' }}
            >
              <PlaceOutlined sx={{ fontSize: 18, mt: 0.25 }} />
              <Typography data-testid="detail-address" sx={{ fontSize: 14 }}>
                {formatAddress(p.address)}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={2} sx={{ color: 'text.secondary', fontSize: 13 }}>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <VisibilityOutlined sx={{ fontSize: 16 }} />
                <span data-testid="detail-views">浏览 {p.view_count ?? 0} 次</span>
              </Stack>
              <span>{formatRelativeDate(p.created_at, now)}发布</span>
            </Stack>
            <Divider />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="contained"
                color="secondary"
                size="large"
                startIcon={<PhoneInTalkOutlined />}
                onClick={openContact}
                sx={{ flexGrow: 1 }}
              >
                电话咨询
              </Button>
              <Button
                variant="outlined"
                size="large"
                startIcon={<ThreeSixtyOutlined />}
                onClick={openPanorama}
                sx={{ flexGrow: 1 }}
              >
                360°全景
              </Button>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <FavoriteButton
                  active={favorites.ids.has(p.id)}
                  onToggle={() => favorites.toggle(p.id)}
                  variant="plain"
                />
                <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
                  {favorites.ids.has(p.id) ? '已收藏' : '收藏'}
                </Typography>
              </Stack>
              <Button
                color="inherit"
                startIcon={<ShareOutlined />}
                onClick={() => void share()}
                sx={{ color: 'text.secondary' }}
              >
                分享
              </Button>
            </Stack>
          </Stack>
        </Card>
      </Box>

      <Stack
        spacing={2}
        sx={{ mt: { xs: 2, md: 3 }, mx: { xs: 1.5, md: 0 }, maxWidth: { md: 'calc(60% - 12px)' } }}
      >
        <Section title="房源信息">
          <FactGrid facts={facts} />
        </Section>
        {p.features.length > 0 && (
          <Section title="房源特色">
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="detail-features">
              {p.features.map((tag) => (
                <Chip
                  key={tag}
                  label={tag}
                  sx={{ bgcolor: 'primary.light', color: 'primary.dark', fontWeight: 500 }}
                />
              ))}
            </Stack>
          </Section>
        )}
        <Section title="房源描述">
          <Typography sx={{ whiteSpace: 'pre-line', lineHeight: 1.8, color: '#3d434b' }}>
            {p.description || '发布人暂未填写描述'}
          </Typography>
        </Section>
        <Section title="联系人">
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
          >
            <Box>
              <Typography sx={{ fontWeight: 600 }}>
                {p.contact?.name || p.owner?.name || contact.name}
              </Typography>
              <Typography color="text.secondary" sx={{ fontSize: 13 }}>
                {user ? '点击电话咨询查看联系电话' : '登录后可查看联系电话'}
              </Typography>
            </Box>
            <Button variant="outlined" color="secondary" onClick={openContact}>
              电话咨询
            </Button>
          </Stack>
        </Section>
        <Box sx={{ display: { md: 'none' }, pb: 2 }}>
          <BackLink />
        </Box>
      </Stack>

      {p.panorama_url && (
        <PanoramaOverlay
          url={p.panorama_url}
          title={p.title}
          open={panoramaOpen}
          onClose={() => setPanoramaOpen(false)}
        />
      )}
      <ContactDialog open={contactOpen} contact={contact} onClose={() => setContactOpen(false)} />
    </Container>
  );
}
