import { PagePlaceholder } from '@client/components/page-placeholder';

/** 平台管理: placeholder until the screen is built. */
export default function AdminDashboardScreen() {
  return <PagePlaceholder title="平台管理" description="平台数据统计和各项管理入口。" />;
}
