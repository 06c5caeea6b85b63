import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { FeaturedSection } from './components/featured-section';
import { HeroBanner } from './components/hero-banner';
import { HomeSearch } from './components/home-search';
import { QuickEntries } from './components/quick-entries';

/** Home (product §2): banner, search, the four quick entries, featured listings. */
export default function HomeScreen() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Stack spacing={{ xs: 2, md: 3 }}>
        <HeroBanner />
        <HomeSearch />
        <QuickEntries />
        <FeaturedSection />
      </Stack>
    </Container>
  );
}
