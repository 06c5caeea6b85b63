import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import { PageHeader } from '@client/components/page-header';
import { AgentGate } from './components/agent-gate';

interface Tool {
  title: string;
  description: string;
  icon: ReactNode;
  /** Where the card goes. */
  to: string;
}

/** The eight tools (issue 15 item 4), each a working page. */
const TOOLS: Tool[] = [
  {
    title: '房贷计算器',
    description: '商贷、公积金、组合贷，等额本息与等额本金对比',
    icon: <CalculateOutlined />,
    to: '/tools/mortgage',
  },
  {
    title: '税费计算器',
    description: '二手房契税、增值税、个人所得税估算',
    icon: <ReceiptLongOutlined />,
    to: '/tools/tax',
  },
  {
    title: '推广二维码',
    description: '生成专属推广链接和二维码',
    icon: <QrCode2Outlined />,
    to: '/qr-code',
  },
  {
    title: '经纪人培训',
    description: '业务课程，随时随地学习',
    icon: <SchoolOutlined />,
    to: '/training',
  },
  {
    title: '房源海报',
    description: '选择房源，一键生成带推广二维码的分享海报',
    icon: <ImageOutlined />,
    to: '/my-properties',
  },
  {
    title: '推广效果',
    description: '推广带来的访问、浏览和咨询',
    icon: <InsightsOutlined />,
    to: '/tools/promotion',
  },
  {
    title: '我的房源数据',
    description: '每套房源的浏览、收藏和咨询',
    icon: <BarChartOutlined />,
    to: '/tools/listings',
  },
  {
    title: '房源分享清单',
    description: '把在售、在租的房源整理成清单发给客户',
    icon: <ListAltOutlined />,
    to: '/tools/share-list',
  },
];

/** 经纪人工具 (product §2 "Agent pages"): agents only; the tools' cards. */
export default function ToolsScreen() {
  return (
    <AgentGate>
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
        <PageHeader title="经纪人工具" />
        <Box
          component="ul"
          aria-label="工具列表"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: { xs: 1.5, md: 2 },
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {TOOLS.map((tool) => (
            <li key={tool.title}>
              <ToolCard tool={tool} />
            </li>
          ))}
        </Box>
      </Container>
    </AgentGate>
  );
}

function ToolCard({ tool }: { tool: Tool }) {
  const body = (
    <Box sx={{ p: { xs: 1.75, md: 2.5 }, height: '100%' }}>
      <Box
        sx={{
          width: 44,
          height: 44,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.light',
          color: 'primary.main',
          mb: 1.25,
        }}
      >
        {tool.icon}
      </Box>
      <Typography sx={{ fontWeight: 600, fontSize: { xs: 15, md: 16 } }}>{tool.title}</Typography>
      <Typography color="textSecondary" sx={{ fontSize: 13, mt: 0.5, lineHeight: 1.5 }}>
        {tool.description}
      </Typography>
    </Box>
  );
  return (
    <Card data-testid="tool-card" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={tool.to} sx={{ height: '100%' }}>
        {body}
      </CardActionArea>
    </Card>
  );
}
