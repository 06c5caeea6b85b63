import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';

/** Back to 经纪人工具 from one of its pages (as the admin pages lead back to 管理后台). */
export function ToolsBackLink() {
  return (
    <Button component={RouterLink} to="/tools" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
      返回经纪人工具
    </Button>
  );
}
