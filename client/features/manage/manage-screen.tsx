import { PagePlaceholder } from '@client/components/page-placeholder';

/** 发布管理: placeholder until the screen is built. */
export default function ManageScreen() {
  return <PagePlaceholder title="发布管理" description="集中管理您发布的房源和需求。" />;
}
