import { PagePlaceholder } from '@client/components/page-placeholder';

/** 资讯详情: placeholder until the screen is built. */
export default function NewsDetailScreen() {
  return <PagePlaceholder title="资讯详情" description="阅读资讯全文，为好文章点赞。" />;
}
