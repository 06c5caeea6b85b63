import { PagePlaceholder } from '@client/components/page-placeholder';

/** 加入我们: placeholder until the screen is built. */
export default function JoinUsScreen() {
  return <PagePlaceholder title="加入我们" description="招聘岗位、福利待遇和简历投递方式。" />;
}
