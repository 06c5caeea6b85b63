import { PagePlaceholder } from '@client/components/page-placeholder';

/** 经纪人工具: placeholder until the screen is built. */
export default function ToolsScreen() {
  return <PagePlaceholder title="经纪人工具" description="经纪人专属的获客和管理工具。" />;
}
