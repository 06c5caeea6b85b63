import { PagePlaceholder } from '@client/components/page-placeholder';

/** 房源列表: placeholder until the screen is built. */
export default function PropertyListScreen() {
  return (
    <PagePlaceholder
      title="房源列表"
      description="按类型、关键词和区域筛选澄江全市的在售、在租房源。"
    />
  );
}
