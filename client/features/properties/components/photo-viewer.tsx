/**
 * A listing's photos full screen (房源大图): swipe or the arrows for the next one, pinch, double tap
 * or the wheel to zoom and drag to look around, pull down or 关闭 (or the back button, the viewer
 * being an entry of the history) to close. yet-another-react-lightbox does the gestures; each photo
 * is the app's own Photo, so one this device never downloaded shows the designed placeholder
 * offline, and the gateway's sized copies are loaded at the screen's width. Loaded on demand.
 */
import Lightbox, { type GenericSlide, type RenderSlideProps } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { Photo } from '@client/components/photo';

/** A listing's photo in the viewer. */
export interface ViewerPhoto extends GenericSlide {
  type: 'listing-photo';
  key: string;
  url: string;
  alt: string;
}

declare module 'yet-another-react-lightbox' {
  interface SlideTypes {
    'listing-photo': ViewerPhoto;
  }
}

/** How far a photo zooms: 4× its full-screen size. */
const MAX_ZOOM = 4;

const LABELS = {
  Previous: '上一张',
  Next: '下一张',
  Close: '关闭',
  Lightbox: '房源大图',
  Carousel: '图片',
  Slide: '图片',
  'Photo gallery': '房源图片',
  '{index} of {total}': '第 {index} 张，共 {total} 张',
  'Zoom in': '放大',
  'Zoom out': '缩小',
};

const PLUGINS = [Zoom, Counter];

function renderPhoto({ slide, rect }: RenderSlideProps) {
  if (slide.type !== 'listing-photo') return undefined;
  return (
    <Photo
      src={slide.url}
      alt={slide.alt}
      sizes="100vw"
      iconSize={72}
      draggable={false}
      sx={{ width: rect.width, height: rect.height, objectFit: 'contain' }}
      placeholderSx={{ width: Math.min(rect.width, 480), height: 'auto', aspectRatio: '3 / 2' }}
    />
  );
}

const hidden = () => null;

export default function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: ViewerPhoto[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}) {
  const single = photos.length <= 1;
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={photos}
      plugins={PLUGINS}
      labels={LABELS}
      on={{ view: ({ index: shown }) => onIndex(shown) }}
      carousel={{ finite: single, preload: 1 }}
      controller={{ closeOnPullDown: true, closeOnBackdropClick: true }}
      zoom={{ supports: ['listing-photo'], maxZoom: MAX_ZOOM }}
      render={{
        slide: renderPhoto,
        ...(single ? { buttonPrev: hidden, buttonNext: hidden } : {}),
      }}
      className="photo-viewer"
    />
  );
}
