import { PagePlaceholder } from '@client/components/page-placeholder';

/** 我的收藏: placeholder until the screen is built. */
export default function FavoritesScreen() {
  return <PagePlaceholder title="我的收藏" description="按价格、面积和区域筛选您收藏的房源。" />;
}
