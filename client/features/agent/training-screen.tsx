import { PagePlaceholder } from '@client/components/page-placeholder';

/** 经纪人培训: placeholder until the screen is built. */
export default function TrainingScreen() {
  return <PagePlaceholder title="经纪人培训" description="经纪人业务课程。" />;
}
