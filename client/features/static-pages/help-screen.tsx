import { PagePlaceholder } from '@client/components/page-placeholder';

/** 帮助中心: placeholder until the screen is built. */
export default function HelpScreen() {
  return (
    <PagePlaceholder
      title="帮助中心"
      description="使用指南、常见问题、服务条款、隐私政策和联系方式。"
    />
  );
}
