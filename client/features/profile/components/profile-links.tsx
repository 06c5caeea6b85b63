import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import HandymanOutlined from '@mui/icons-material/HandymanOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import type { UserRole } from '@couchdb/model/roles';

interface ProfileLink {
  to: string;
  label: string;
  icon: ReactNode;
}

const RECENT: ProfileLink = { to: '/recent', label: '浏览记录', icon: <HistoryOutlined /> };
const MY_DEMANDS: ProfileLink = {
  to: '/my-demands',
  label: '我的需求',
  icon: <AssignmentOutlined />,
};
const MY_PROPERTIES: ProfileLink = {
  to: '/my-properties',
  label: '我的房源',
  icon: <HomeWorkOutlined />,
};
const MY_REPORTS: ProfileLink = { to: '/my-reports', label: '我的举报', icon: <FlagOutlined /> };
const FAVORITES: ProfileLink = {
  to: '/favorites',
  label: '我的收藏',
  icon: <FavoriteBorderOutlined />,
};

/** The role-dependent link grid of the profile page (product §2 "Profile"). */
const PROFILE_LINKS: Record<UserRole, ProfileLink[]> = {
  user: [
    RECENT,
    MY_DEMANDS,
    MY_PROPERTIES,
    FAVORITES,
    MY_REPORTS,
    { to: '/join-us', label: '加入我们', icon: <WorkOutlineOutlined /> },
    { to: '/help', label: '帮助中心', icon: <HelpOutlineOutlined /> },
  ],
  agent: [
    RECENT,
    MY_DEMANDS,
    MY_PROPERTIES,
    FAVORITES,
    MY_REPORTS,
    { to: '/tools', label: '经纪人工具', icon: <HandymanOutlined /> },
    { to: '/training', label: '培训中心', icon: <SchoolOutlined /> },
    { to: '/qr-code', label: '生成名片二维码', icon: <QrCode2Outlined /> },
  ],
  admin: [
    { to: '/admin', label: '平台管理', icon: <AdminPanelSettingsOutlined /> },
    { to: '/admin/audit', label: '房源审核', icon: <FactCheckOutlined /> },
    { to: '/admin/demands', label: '需求管理', icon: <AssignmentOutlined /> },
    { to: '/admin/settings', label: '系统设置', icon: <SettingsOutlined /> },
    { to: '/admin/users', label: '用户管理', icon: <GroupOutlined /> },
    { to: '/admin/properties', label: '房源管理', icon: <ApartmentOutlined /> },
    { to: '/admin/news', label: '资讯管理', icon: <ArticleOutlined /> },
  ],
};

export function ProfileLinks({ role }: { role: UserRole }) {
  return (
    <Box
      component="nav"
      aria-label="常用功能"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(7, 1fr)' },
      }}
    >
      {PROFILE_LINKS[role].map((link) => (
        <Card key={link.to}>
          <CardActionArea
            component={RouterLink}
            to={link.to}
            sx={{ py: 2, px: 1, textAlign: 'center', height: '100%' }}
          >
            <Box sx={{ color: 'primary.main', lineHeight: 0, mb: 0.75 }}>{link.icon}</Box>
            <Typography sx={{ fontSize: 13 }}>{link.label}</Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
