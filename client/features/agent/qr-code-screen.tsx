import { PagePlaceholder } from '@client/components/page-placeholder';

/** 推广二维码: placeholder until the screen is built. */
export default function QrCodeScreen() {
  return (
    <PagePlaceholder title="推广二维码" description="生成带有您身份信息的推广链接和二维码。" />
  );
}
