import { PagePlaceholder } from '@client/components/page-placeholder';

/** 资讯管理: placeholder until the screen is built. */
export default function AdminNewsScreen() {
  return <PagePlaceholder title="资讯管理" description="撰写、编辑和发布房产资讯。" />;
}
