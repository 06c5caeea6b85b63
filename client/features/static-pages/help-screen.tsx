import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HeadsetMicOutlined from '@mui/icons-material/HeadsetMicOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { LISTING_REVIEW_DAYS, SERVICE_HOURS } from '@couchdb/model/constants';
import { APP_NAME } from '@client/config';
import { useSettings } from '@client/data/hooks';
import { PageSection } from './components';
import { FAQ, GUIDES, searchHelp, type HelpEntry } from './help-content';
import { useHashScroll } from './use-hash-scroll';

function EntryList({ entries }: { entries: HelpEntry[] }) {
  return (
    <Box>
      {entries.map((e) => (
        <Accordion
          key={e.id}
          disableGutters
          elevation={0}
          sx={{ '&:before': { display: 'none' }, borderBottom: 1, borderColor: 'divider' }}
        >
          <AccordionSummary expandIcon={<ExpandMore />} sx={{ px: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{e.question}</Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ px: 0.5, pt: 0 }}>
            <Typography color="textSecondary" sx={{ lineHeight: 1.8 }}>
              {e.answer}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

/**
 * 帮助中心 (product §2): search over the guides and the FAQ by category, contact options, service
 * hours and review time; the footer's terms, privacy and contact links land on #terms, #privacy
 * and #contact.
 */
export default function HelpScreen() {
  useHashScroll();
  const settings = useSettings();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string>('all');
  const guides = useMemo(() => searchHelp(GUIDES, query), [query]);
  const faq = useMemo(
    () =>
      FAQ.filter((c) => category === 'all' || c.id === category)
        .map((c) => ({ ...c, entries: searchHelp(c.entries, query) }))
        .filter((c) => c.entries.length > 0),
    [query, category],
  );
  const nothing = guides.length === 0 && faq.length === 0;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <Box
        sx={{
          borderRadius: '16px',
          p: { xs: 2.5, md: 4 },
          mb: 2,
          color: 'common.white',
          background: 'linear-gradient(120deg, #00804b 0%, #006b3e 100%)',
        }}
      >
        <Typography variant="h5" component="h1" sx={{ mb: 1, fontSize: { xs: 22, md: 28 } }}>
          帮助中心
        </Typography>
        <Typography sx={{ opacity: 0.9, mb: 2 }}>
          有问题？搜索使用指南和常见问题，或直接联系客服。
        </Typography>
        <TextField
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="搜索问题，如：审核、收藏"
          size="small"
          slotProps={{
            htmlInput: { 'aria-label': '搜索帮助', type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
            },
          }}
          sx={{ bgcolor: 'common.white', borderRadius: '10px' }}
        />
      </Box>

      <Stack spacing={2}>
        {nothing && (
          <Typography role="status" color="textSecondary" sx={{ textAlign: 'center', py: 2 }}>
            没有找到与“{query}”相关的内容，请换个关键词或联系客服
          </Typography>
        )}
        {guides.length > 0 && (
          <PageSection id="guides" title="使用指南">
            <EntryList entries={guides} />
          </PageSection>
        )}
        <PageSection id="faq" title="常见问题">
          <Stack
            direction="row"
            role="group"
            aria-label="问题分类"
            sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }}
          >
            {[{ id: 'all', label: '全部' }, ...FAQ].map((c) => (
              <Chip
                key={c.id}
                label={c.label}
                component="button"
                clickable
                aria-pressed={category === c.id}
                color={category === c.id ? 'primary' : 'default'}
                variant={category === c.id ? 'filled' : 'outlined'}
                onClick={() => setCategory(c.id)}
              />
            ))}
          </Stack>
          {faq.length === 0 ? (
            <Typography color="textSecondary">该分类下没有匹配的问题</Typography>
          ) : (
            faq.map((c) => (
              <Box key={c.id} sx={{ mb: 2 }}>
                <Typography component="h3" sx={{ fontSize: 14, color: 'text.secondary', mt: 1 }}>
                  {c.label}
                </Typography>
                <EntryList entries={c.entries} />
              </Box>
            ))
          )}
        </PageSection>

        <PageSection id="contact" title="联系我们">
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <HeadsetMicOutlined color="primary" />
              <Typography>
                客服电话：
                <Link href={`tel:${settings.defaultContact.phone}`} sx={{ fontWeight: 600 }}>
                  {settings.defaultContact.phone}
                </Link>
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <AccessTimeOutlined color="primary" />
              <Typography data-testid="service-hours">服务时间：每天 {SERVICE_HOURS}</Typography>
            </Stack>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <TaskAltOutlined color="primary" />
              <Typography>房源审核：提交后{LISTING_REVIEW_DAYS}个工作日内完成</Typography>
            </Stack>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <PlaceOutlined color="primary" />
              <Typography>
                服务区域：澄江市凤麓街道、龙街街道、右所镇、海口镇、九村镇、阳宗镇
              </Typography>
            </Stack>
            <Typography color="textSecondary" sx={{ fontSize: 14 }}>
              想加入我们？请看
              <Link component={RouterLink} to="/join-us">
                加入我们
              </Link>
              。
            </Typography>
          </Stack>
        </PageSection>

        <PageSection id="terms" title="服务条款">
          <Stack spacing={1} sx={{ color: 'text.secondary', lineHeight: 1.8 }}>
            <Typography>
              1. {APP_NAME}
              为澄江本地的房产信息发布平台，房源信息由发布人提供，平台对房源进行审核，但不对交易结果作保证。
            </Typography>
            <Typography>
              2.
              发布人应保证房源真实、图片为实拍、价格与联系方式准确；虚假或重复的房源将被拒绝或下架。
            </Typography>
            <Typography>
              3. 请勿在平台发布违法、侵权或与房产无关的内容；违反规定的账号可能被停用。
            </Typography>
            <Typography>
              4. 交易双方应自行核实产权与身份信息，谨防诈骗，签约前不要支付任何费用。
            </Typography>
          </Stack>
        </PageSection>

        <PageSection id="privacy" title="隐私政策">
          <Stack spacing={1} sx={{ color: 'text.secondary', lineHeight: 1.8 }}>
            <Typography>
              1. 我们只收集提供服务所需的信息：手机号、姓名（可选）、您发布的房源和需求。
            </Typography>
            <Typography>
              2. 发布人的联系电话只向已登录用户显示，未登录的访客设备上不会保存任何电话号码。
            </Typography>
            <Typography>
              3. 房源和资讯会保存在您的设备上以便离线浏览；退出登录时，本机上您账号的数据会被清除。
            </Typography>
            <Typography>
              4. 我们不会向第三方出售您的个人信息。如需查询或删除个人信息，请联系客服。
            </Typography>
          </Stack>
        </PageSection>
      </Stack>
    </Container>
  );
}
