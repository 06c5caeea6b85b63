import { PagePlaceholder } from '@client/components/page-placeholder';

/** 发布房源: placeholder until the screen is built. */
export default function PublishPropertyScreen() {
  return <PagePlaceholder title="发布房源" description="分四步填写房源信息并上传图片、视频。" />;
}
