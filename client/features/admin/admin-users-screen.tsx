import { PagePlaceholder } from '@client/components/page-placeholder';

/** 用户管理: placeholder until the screen is built. */
export default function AdminUsersScreen() {
  return <PagePlaceholder title="用户管理" description="查看和管理平台用户、角色与状态。" />;
}
