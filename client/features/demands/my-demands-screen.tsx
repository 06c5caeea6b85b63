import { PagePlaceholder } from '@client/components/page-placeholder';

/** 我的需求: placeholder until the screen is built. */
export default function MyDemandsScreen() {
  return (
    <PagePlaceholder title="我的需求" description="查看、编辑和删除您发布的求购、求租需求。" />
  );
}
