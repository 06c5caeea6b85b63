import { PagePlaceholder } from '@client/components/page-placeholder';

/** 需求管理: placeholder until the screen is built. */
export default function AdminDemandsScreen() {
  return <PagePlaceholder title="需求管理" description="查看和处理平台上的全部需求。" />;
}
