import { PagePlaceholder } from '@client/components/page-placeholder';

/** 浏览记录: placeholder until the screen is built. */
export default function RecentScreen() {
  return <PagePlaceholder title="浏览记录" description="最近浏览过的10套房源。" />;
}
