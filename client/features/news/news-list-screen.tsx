import { PagePlaceholder } from '@client/components/page-placeholder';

/** 房产资讯: placeholder until the screen is built. */
export default function NewsListScreen() {
  return <PagePlaceholder title="房产资讯" description="市场动态、政策解读和购房指南。" />;
}
