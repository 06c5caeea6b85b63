import { PagePlaceholder } from '@client/components/page-placeholder';

/** 发布需求: placeholder until the screen is built. */
export default function PublishDemandScreen() {
  return <PagePlaceholder title="发布需求" description="告诉我们您想买或想租什么样的房子。" />;
}
