import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import HealthAndSafetyOutlined from '@mui/icons-material/HealthAndSafetyOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import { RESUME_REPLY_DAYS, SERVICE_HOURS } from '@couchdb/model/constants';
import { APP_NAME } from '@client/config';
import { useSettings } from '@client/data/hooks';
import { PageSection } from './components';

interface Posting {
  title: string;
  place: string;
  kind: string;
  salary: string;
  duties: string[];
}

const POSTINGS: Posting[] = [
  {
    title: '房产经纪人',
    place: '凤麓街道门店',
    kind: '全职',
    salary: '底薪 + 提成',
    duties: [
      '带客户看房，讲解房源和交易流程',
      '维护社区房源，核实房源信息',
      '协助签约、贷款和过户手续',
    ],
  },
  {
    title: '房源审核专员',
    place: '澄江市',
    kind: '全职',
    salary: '4000-6000元/月',
    duties: [
      '审核新发布的房源图片、价格和地址',
      '电话回访发布人，核实房源真实性',
      '处理用户举报的虚假房源',
    ],
  },
  {
    title: '客服专员',
    place: '澄江市',
    kind: '全职 / 兼职',
    salary: '3500-5000元/月',
    duties: [
      `在服务时间（${SERVICE_HOURS}）接听咨询电话`,
      '解答注册、发布、审核等问题',
      '整理常见问题，改进帮助中心',
    ],
  },
  {
    title: '新媒体运营',
    place: '澄江市',
    kind: '全职',
    salary: '5000-8000元/月',
    duties: ['撰写本地楼市动态和购房指南', '拍摄房源视频和360°全景', '运营平台资讯栏目'],
  },
];

const BENEFITS = [
  { icon: <HealthAndSafetyOutlined />, title: '五险一金', text: '入职即缴纳，带薪年假和节日福利' },
  { icon: <SchoolOutlined />, title: '系统培训', text: '新人带教，定期的业务和法律培训' },
  { icon: <TrendingUpOutlined />, title: '晋升通道', text: '经纪人、店长、区域经理清晰可见' },
  { icon: <CelebrationOutlined />, title: '本地工作', text: '就在澄江，离家近，不用外地奔波' },
];

/** 加入我们 (product §2): postings, benefits, contact, resume notes (reply within 3 working days). */
export default function JoinUsScreen() {
  const settings = useSettings();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <Box
        sx={{
          borderRadius: '16px',
          p: { xs: 2.5, md: 4 },
          mb: 2,
          color: 'common.white',
          background: 'linear-gradient(120deg, #2f80ed 0%, #1b5fc1 100%)',
        }}
      >
        <Typography variant="h5" component="h1" sx={{ mb: 1, fontSize: { xs: 22, md: 28 } }}>
          加入我们
        </Typography>
        <Typography sx={{ opacity: 0.92 }}>
          {APP_NAME}扎根澄江，帮本地家庭买好房、租好房。我们正在寻找踏实、热心的伙伴。
        </Typography>
      </Box>
      <Stack spacing={2}>
        <PageSection id="jobs" title="招聘岗位">
          <Stack spacing={1.5}>
            {POSTINGS.map((job) => (
              <Card key={job.title} variant="outlined" sx={{ p: 2 }} data-testid="job-posting">
                <Stack
                  direction="row"
                  sx={{
                    justifyContent: 'space-between',
                    alignItems: 'baseline',
                    gap: 1,
                    flexWrap: 'wrap',
                  }}
                >
                  <Typography component="h3" sx={{ fontWeight: 700, fontSize: 17 }}>
                    {job.title}
                  </Typography>
                  <Typography sx={{ color: 'secondary.main', fontWeight: 600 }}>
                    {job.salary}
                  </Typography>
                </Stack>
                <Stack direction="row" spacing={1} sx={{ my: 1 }}>
                  <Chip size="small" label={job.place} />
                  <Chip size="small" label={job.kind} />
                </Stack>
                <Box
                  component="ul"
                  sx={{ m: 0, pl: 2.5, color: 'text.secondary', lineHeight: 1.8 }}
                >
                  {job.duties.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </Box>
              </Card>
            ))}
          </Stack>
        </PageSection>
        <PageSection id="benefits" title="福利待遇">
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
            }}
          >
            {BENEFITS.map((b) => (
              <Stack key={b.title} direction="row" spacing={1.5}>
                <Box sx={{ color: 'primary.main', mt: 0.25 }}>{b.icon}</Box>
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{b.title}</Typography>
                  <Typography color="textSecondary" sx={{ fontSize: 14 }}>
                    {b.text}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Box>
        </PageSection>
        <PageSection id="resume" title="投递须知">
          <Stack spacing={1} sx={{ color: 'text.secondary', lineHeight: 1.8 }}>
            <Typography>1. 简历请注明应聘岗位、联系电话和可到岗时间，附近期照片更佳。</Typography>
            <Typography>
              2. 我们会在收到简历后 <b data-testid="resume-reply">{RESUME_REPLY_DAYS}个工作日内</b>{' '}
              回复，合适的候选人将收到面试通知。
            </Typography>
            <Typography>3. 招聘全程不收取任何费用，请警惕冒用平台名义的收费招聘。</Typography>
          </Stack>
        </PageSection>
        <PageSection id="contact" title="联系方式">
          <Stack spacing={1}>
            <Typography>
              招聘电话：
              <Link href={`tel:${settings.defaultContact.phone}`} sx={{ fontWeight: 600 }}>
                {settings.defaultContact.phone}
              </Link>
              （每天 {SERVICE_HOURS}）
            </Typography>
            <Typography color="textSecondary">也可以直接到凤麓街道门店投递纸质简历。</Typography>
          </Stack>
        </PageSection>
      </Stack>
    </Container>
  );
}
