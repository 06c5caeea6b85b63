import { PagePlaceholder } from '@client/components/page-placeholder';

/** 房源详情: placeholder until the screen is built. */
export default function PropertyDetailScreen() {
  return (
    <PagePlaceholder
      title="房源详情"
      description="查看房源图片、视频、全景和详细信息，并联系发布人。"
    />
  );
}
