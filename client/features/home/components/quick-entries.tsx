import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import AddHomeWorkOutlined from '@mui/icons-material/AddHomeWorkOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';

interface Entry {
  label: string;
  hint: string;
  to: string;
  color: string;
  icon: ReactElement;
}

/** The four quick-entry tiles (product §2 "Home"). */
const ENTRIES: Entry[] = [
  {
    label: '买房',
    hint: '在售房源',
    to: '/properties?type=sale',
    color: '#00ae66',
    icon: <SellOutlined />,
  },
  {
    label: '租房',
    hint: '整租合租',
    to: '/properties?type=rent',
    color: '#2f80ed',
    icon: <KeyOutlined />,
  },
  {
    label: '发布房源',
    hint: '免费发布',
    to: '/publish/property',
    color: '#f4511e',
    icon: <AddHomeWorkOutlined />,
  },
  {
    label: '找房',
    hint: '提交需求',
    to: '/publish/demand',
    color: '#8e44ad',
    icon: <ManageSearchOutlined />,
  },
];

export function QuickEntries() {
  return (
    <Box
      component="nav"
      aria-label="快捷入口"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(4, 1fr)',
        gap: { xs: 1, md: 2 },
      }}
    >
      {ENTRIES.map((entry) => (
        <Card key={entry.to}>
          <CardActionArea
            component={RouterLink}
            to={entry.to}
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', md: 'row' },
              justifyContent: { md: 'flex-start' },
              gap: { xs: 1, md: 2 },
              py: { xs: 1.5, md: 2.5 },
              px: { xs: 0.5, md: 3 },
            }}
          >
            <Box
              sx={{
                width: { xs: 44, md: 52 },
                height: { xs: 44, md: 52 },
                borderRadius: '30%',
                display: 'grid',
                placeItems: 'center',
                color: entry.color,
                bgcolor: `${entry.color}1a`,
                flexShrink: 0,
              }}
            >
              {entry.icon}
            </Box>
            <Box sx={{ textAlign: { xs: 'center', md: 'left' } }}>
              <Typography sx={{ fontWeight: 600, fontSize: { xs: 14, md: 17 } }}>
                {entry.label}
              </Typography>
              <Typography
                color="textSecondary"
                sx={{ fontSize: 13, display: { xs: 'none', md: 'block' } }}
              >
                {entry.hint}
              </Typography>
            </Box>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
