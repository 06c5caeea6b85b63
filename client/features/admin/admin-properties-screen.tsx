import { PagePlaceholder } from '@client/components/page-placeholder';

/** 房源管理: placeholder until the screen is built. */
export default function AdminPropertiesScreen() {
  return (
    <PagePlaceholder title="房源管理" description="管理全部房源、批量上下架和查看操作日志。" />
  );
}
