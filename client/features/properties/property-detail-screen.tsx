import { memo, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import {
  checkPanorama,
  PROPERTY_MESSAGES,
  PROPERTY_TYPE_LABELS,
  REVISION_MESSAGES,
} from '@couchdb/model/property-facts';
import { factRows } from '@couchdb/model/listing-fact-labels';
import type { LoanRates } from '@couchdb/model/setting-facts';
import { confirmedPromotion } from '@couchdb/model/promotion-facts';
import { canReadDocument } from '@couchdb/rules/access';
import { resolveContactPhone } from '@couchdb/rules/contact';
import { formatArea, formatDate, formatPrice } from '@couchdb/rules/format';
import { jsonEqual } from '@couchdb/rules/json-equal';
import { EmptyState } from '@client/components/empty-state';
import { FactGrid } from '@client/components/fact-grid';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { useToast } from '@client/components/toast/toast-context';
import { useOpenDevice, useProperty, useSettings, useSyncSettled } from '@client/data/hooks';
import {
  promotionKept,
  recordPromotionEventSoon,
  useStoredPromotion,
} from '@client/data/promotion/promotion-lazy';
import { useFirstScreenPromotion } from '@client/data/reads/first-screen-document';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { useHistoryOverlay } from '@client/lib/history-overlay';
import { useAuth } from '@client/lib/session/auth-context';
import { useClientValue } from '@client/lib/use-client-value';
import { useStableCallback } from '@client/lib/use-stable-callback';
import type { LoginRedirectState } from '@client/components/auth/require-auth';
import { loginHref } from '@client/components/auth/login-return';
import { ContactBar } from './components/contact-bar';
import { ContactDialog } from './components/contact-dialog';
import { MediaCarousel } from './components/media-carousel';
import { mediaSlides } from './components/media-slides';
import { PanoramaOverlay } from './components/panorama-overlay';
import { BackLink, DetailSkeleton, Section } from './components/detail-layout';
import { LocationSection } from './components/listing-location';
import { DetailSummary } from './components/detail-summary';
import { LoanEstimate } from './components/loan-estimate';
import { PriceHistoryChart } from './components/price-history-chart';
import { shareListing } from './components/share-listing';
import { DemandMatchCount } from './components/demand-match-count';
import { CommunityLink } from './components/property-facts';
import { SimilarListings } from './components/similar-listings';
import { useRecordView } from './components/use-record-view';
import { ReleaseTabBar } from '@client/lib/tab-bar-release';
import {
  ModerationNotice,
  OwnListingNotice,
  ReportListing,
  VerificationSection,
} from './components/listing-trust';

/** 房源详情 (product §2): media, panorama, favourite, share, phone dialog and the listing's facts. */
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
        {/* No contact bar here: the tab bar comes back. */}
        <ReleaseTabBar />
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

function PropertyDetail({ property: p }: { property: PropertyDoc }) {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const device = useOpenDevice();
  const settings = useSettings();
  // The panorama is an entry of the history, as the photo viewer: the phone's back button closes it.
  const panorama = useHistoryOverlay('panorama');
  const [contactOpen, setContactOpen] = useState(false);
  const [now] = useState(() => Date.now());
  const favorites = useFavoriteToggle();
  const slides = useMemo(() => mediaSlides(p), [p]);
  const stored = useStoredPromotion();
  // Opened by a promotion link, the gateway rendered the page with the link's agent (confirmed
  // against their account): the card names them from the first paint, until the device has kept
  // the promotion (just after it renders). A promotion the device keeps wins.
  const linkAgent = useFirstScreenPromotion(p.id);
  const [linkPromotion] = useState(() =>
    linkAgent ? confirmedPromotion(linkAgent, Date.now()) : null,
  );
  const promotion = linkPromotion && !stored ? linkPromotion : stored;
  // While a promotion kept on this device is being read, the contact is not known yet: the card's
  // name waits rather than show the publisher and then the agent. (Hydrating, the page keeps the
  // gateway's markup, which cannot know the device's promotion.)
  const contactPending = useClientValue(promotionKept, false) && promotion === undefined;
  const contact = useMemo(
    () =>
      resolveContactPhone({
        promotion: promotion ?? null,
        property: p,
        defaultContact: settings.defaultContact,
        viewerId: user?.id ?? null,
      }),
    [p, promotion, settings.defaultContact, user?.id],
  );

  // Stable callbacks: the page renders again as the device opens, its settings and favourites
  // arrive; the memoised parts (summary, carousel, sections, contact bar…) then stay as they are:
  // on a slow phone, rendering the whole page again was a long task (issue 17).
  const { show: showPanorama } = panorama;
  const openPanorama = useCallback(() => {
    const missing = checkPanorama(p.panorama_url);
    if (missing) toast.info(missing);
    else showPanorama();
  }, [p.panorama_url, toast, showPanorama]);

  const share = useCallback(
    () =>
      void shareListing(
        {
          title: p.title,
          text: `${p.title} ${formatPrice(p.type, p.price)}`,
          url: window.location.href,
        },
        toast,
      ),
    [p.title, p.type, p.price, toast],
  );

  const recordContact = useStableCallback(() => {
    recordPromotionEventSoon('contact', p.id);
    device?.sync?.counters
      .record('property_contact', p.id)
      .catch((err: unknown) => console.error('recording the contact open failed', p.id, err));
  });

  // A visitor's 电话咨询 is a link to the login with the way back: it works before the app has
  // loaded (a shared link's first screen); with the app, the tap opens the login in the page.
  const visitorCall = user ? null : loginHref(`${location.pathname}${location.search}`);
  const openContact = useStableCallback((event?: { preventDefault(): void }) => {
    if (!user) {
      event?.preventDefault();
      toast.warning(PROPERTY_MESSAGES.loginRequired);
      const { pathname, search, hash } = location;
      const state: LoginRedirectState = { from: { pathname, search, hash } };
      void navigate('/login', { state });
      return;
    }
    setContactOpen(true);
    recordContact();
  });
  const closeContact = useCallback(() => setContactOpen(false), []);
  const toggleFavorite = useStableCallback(() => favorites.toggle(p.id));
  // The contact bar calls at once when the number needs no word first (not the platform line),
  // and once the promotion has been read (until then the dialog waits for whom it resolves to).
  const directCall = Boolean(user && promotion !== undefined && contact.phone && !contact.warning);

  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 0, md: 3 }, px: { md: 3 } }}>
      <Box sx={{ display: { xs: 'none', md: 'block' }, mb: 2 }}>
        <BackLink />
      </Box>
      {user?.id === p.user_id && <DemandMatchCount propertyId={p.id} />}
      <OwnListingNotice property={p} />
      <ModerationNotice property={p} />
      {p.change_review && user?.id === p.user_id && (
        <Alert
          severity={p.change_review.status === 'pending' ? 'info' : 'warning'}
          sx={{ mb: 2, mx: { xs: 2, md: 0 }, mt: { xs: 2, md: 0 } }}
          data-testid="revision-notice"
        >
          {p.change_review.status === 'pending'
            ? `${REVISION_MESSAGES.pending}：${REVISION_MESSAGES.ownerPending}`
            : REVISION_MESSAGES.ownerRejected(p.change_review.comment)}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.5fr) minmax(320px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <MediaCarousel slides={slides} title={p.title} />
        <DetailSummary
          property={p}
          now={now}
          contactHref={visitorCall}
          onContact={openContact}
          onPanorama={openPanorama}
          onShare={share}
        />
      </Box>

      <Stack
        spacing={2}
        sx={{ mt: { xs: 2, md: 3 }, mx: { xs: 1.5, md: 0 }, maxWidth: { md: 'calc(60% - 12px)' } }}
      >
        <ListingSections property={p} now={now} loanRates={settings.loanRates} />
        <ContactSection
          name={
            // The promoting agent is whom the phone reaches (the dialog's number): named here too.
            contact.source === 'promotion'
              ? contact.name
              : p.contact?.name || p.owner?.name || contact.name
          }
          pending={contactPending}
          signedIn={Boolean(user)}
          contactHref={visitorCall}
          onContact={openContact}
        />
        <ReportListing property={p} />
        <Box sx={{ display: { md: 'none' }, pb: 2 }}>
          <BackLink />
        </Box>
      </Stack>

      {p.panorama_url && (
        <PanoramaOverlay
          url={p.panorama_url}
          title={p.title}
          open={panorama.open}
          onClose={panorama.hide}
        />
      )}
      <ContactDialog
        open={contactOpen}
        contact={contact}
        pending={contactPending}
        onClose={closeContact}
      />
      <ContactBar
        favorited={favorites.ids.has(p.id)}
        onFavorite={toggleFavorite}
        onShare={share}
        callHref={directCall ? `tel:${contact.phone}` : visitorCall}
        onCall={directCall ? recordContact : openContact}
      />
    </Container>
  );
}

/**
 * The listing's own sections (房源信息 to 房源描述): they depend on the listing alone (and the loan
 * rates), so the page's renders as the device opens leave them as they are.
 */
const ListingSections = memo(
  function ListingSections({
    property: p,
    now,
    loanRates,
  }: {
    property: PropertyDoc;
    now: number;
    loanRates: LoanRates;
  }) {
    const facts = useMemo(
      () => [
        { label: '户型', value: p.rooms || `${p.bedrooms}室`, testId: 'fact-rooms' },
        { label: '面积', value: formatArea(p.area), testId: 'fact-area' },
        { label: '类型', value: PROPERTY_TYPE_LABELS[p.type] },
        { label: '区域', value: p.address?.district ?? '' },
        {
          label: '小区',
          value: <CommunityLink name={p.address?.community} />,
          testId: 'fact-community',
        },
        ...factRows(p.facts, p.type).map((f) => ({ ...f, testId: `fact-${f.key}` })),
        { label: '发布时间', value: formatDate(p.created_at) },
      ],
      [p],
    );
    return (
      <>
        <Section title="房源信息">
          <FactGrid facts={facts} />
        </Section>
        <LocationSection property={p} />
        <SimilarListings property={p} now={now} />
        <VerificationSection property={p} />
        {p.price_history && p.price_history.length > 1 && (
          <Section title="价格走势">
            <PriceHistoryChart history={p.price_history} type={p.type} />
          </Section>
        )}
        {p.type === 'sale' && p.price > 0 && <LoanEstimate property={p} rates={loanRates} />}
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
      </>
    );
  },
  // The device's settings, once read, are a new object with (usually) the same rates.
  (before, after) =>
    before.property === after.property &&
    before.now === after.now &&
    jsonEqual(before.loanRates, after.loanRates),
);

/** 联系人: whom the phone reaches, and 电话咨询. */
const ContactSection = memo(function ContactSection({
  name,
  pending,
  signedIn,
  contactHref,
  onContact,
}: {
  name: string;
  pending: boolean;
  signedIn: boolean;
  /** A visitor's: the login with the way back (a link, working before the app has loaded). */
  contactHref: string | null;
  onContact: (event?: { preventDefault(): void }) => void;
}) {
  return (
    <Section title="联系人">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography
            sx={{ fontWeight: 600, visibility: pending ? 'hidden' : undefined }}
            aria-busy={pending}
            data-testid="contact-card-name"
          >
            {name}
          </Typography>
          <Typography color="textSecondary" sx={{ fontSize: 13 }}>
            {signedIn ? '点击电话咨询查看联系电话' : '登录后可查看联系电话'}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="secondary"
          onClick={onContact}
          {...(contactHref ? { href: contactHref } : {})}
        >
          电话咨询
        </Button>
      </Stack>
    </Section>
  );
});
