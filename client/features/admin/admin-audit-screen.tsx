import { PagePlaceholder } from '@client/components/page-placeholder';

/** 房源审核: placeholder until the screen is built. */
export default function AdminAuditScreen() {
  return <PagePlaceholder title="房源审核" description="审核待发布的房源。" />;
}
