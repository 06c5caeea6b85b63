import { PagePlaceholder } from '@client/components/page-placeholder';

/** 系统设置: placeholder until the screen is built. */
export default function AdminSettingsScreen() {
  return (
    <PagePlaceholder title="系统设置" description="默认联系电话、房源审核开关和图片数量上限。" />
  );
}
