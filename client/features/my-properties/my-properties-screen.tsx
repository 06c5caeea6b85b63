import { PagePlaceholder } from '@client/components/page-placeholder';

/** 我的房源: placeholder until the screen is built. */
export default function MyPropertiesScreen() {
  return <PagePlaceholder title="我的房源" description="查看您发布的房源及审核、上架状态。" />;
}
