/**
 * A listing's or an article's photo, which may not be there: the device keeps a photo once it has
 * been shown online, so offline a photo never shown is missing (and online one can fail to load).
 * Then the photo's box shows the designed placeholder, the same as a listing without photos,
 * instead of the browser's broken-image icon. Given its displayed `sizes`, a photo stored by the
 * gateway is loaded at the width the screen needs, as WebP (srcset of PHOTO_VARIANT_WIDTHS); when
 * that copy cannot be loaded (offline and never shown at that width), the photo itself is tried.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { PHOTO_VARIANT_WIDTHS, photoVariantUrl } from '@couchdb/model/photo-variant-facts';

/** What the photo shows, for the placeholder's icon: a listing's building or an article's page. */
export type PhotoKind = 'listing' | 'article';

interface PlaceholderProps {
  kind?: PhotoKind;
  /** The missing photo's description (its alt text), read out instead; none: decorative. */
  label?: string;
  /** The icon's size (CSS font size). */
  iconSize?: number | string;
  /** The box: the same as the photo's would have been. */
  sx?: SxProps<Theme>;
  /** The box's class, where a style sheet around it sizes it (instead of `sx`). */
  className?: string;
}

/** The stand-in for a photo that is missing or not on this device. */
export function PhotoPlaceholder({
  kind = 'listing',
  label,
  iconSize = 40,
  sx,
  className,
}: PlaceholderProps) {
  const Icon = kind === 'article' ? ArticleOutlined : ApartmentOutlined;
  return (
    <Box
      data-testid="photo-placeholder"
      className={className}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      sx={[
        {
          display: 'grid',
          placeItems: 'center',
          color: 'grey.400',
          background: 'linear-gradient(135deg, #f3f4f6 0%, #eef6f1 100%)',
          fontSize: iconSize,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Icon fontSize="inherit" />
    </Box>
  );
}

interface PhotoProps extends Omit<PlaceholderProps, 'label'> {
  src: string;
  alt: string;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  decoding?: 'async' | 'sync' | 'auto';
  /** False where a drag means something else (the photo viewer's pan). */
  draggable?: boolean;
  /** Added to `sx` for the placeholder only (e.g. a height where the photo's own sets none). */
  placeholderSx?: SxProps<Theme>;
  /**
   * The width the photo is shown at (the <img> `sizes`: a length or media conditions): with it,
   * the screen's width of the photo is loaded instead of `src`.
   */
  sizes?: string;
  /** The full photo the sized copies are made of, when `src` is its thumbnail (default: `src`). */
  photo?: string;
}

/** The srcset of `photo`'s sized WebP copies, or null when the gateway makes none of it. */
function photoSrcSet(photo: string): string | null {
  const urls = PHOTO_VARIANT_WIDTHS.map((width) => [photoVariantUrl(photo, width), width] as const);
  if (urls.some(([url]) => url === null)) return null;
  return urls.map(([url, width]) => `${url} ${width}w`).join(', ');
}

/** What of a photo could not be loaded: its sized copies, or it too. */
type Failure = { src: string; what: 'sized' | 'all' };

/** An <img> that turns into the placeholder when its photo cannot be loaded. */
export function Photo({
  src,
  alt,
  kind,
  iconSize,
  sx,
  placeholderSx,
  sizes,
  photo = src,
  className,
  ...img
}: PhotoProps) {
  const [failed, setFailed] = useState<Failure | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const failure = failed?.src === src ? failed.what : null;
  const srcSet = sizes && failure === null ? photoSrcSet(photo) : null;
  useEffect(() => {
    // A photo the gateway's HTML asked for may have failed before the page hydrated (no handler
    // was there to hear it): a finished request without a picture is such a failure.
    const element = ref.current;
    if (element?.complete && element.naturalWidth === 0) {
      setFailed({ src, what: element.srcset ? 'sized' : 'all' });
    }
  }, [src, failure]);
  useEffect(() => {
    if (failure === null) return;
    // A photo missing offline is tried again once the device is back online (else the list showed
    // the placeholder until the page was opened again).
    const retry = () => setFailed(null);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failure]);
  if (failure === 'all') {
    const boxSx = [
      ...(Array.isArray(sx) ? sx : [sx]),
      ...(Array.isArray(placeholderSx) ? placeholderSx : [placeholderSx]),
    ];
    return (
      <PhotoPlaceholder
        kind={kind}
        label={alt}
        iconSize={iconSize}
        sx={boxSx}
        className={className}
      />
    );
  }
  return (
    <Box
      component="img"
      // A new element for the photo itself: its load (and failure) is its own.
      key={srcSet ? 'sized' : 'plain'}
      ref={ref}
      src={src}
      {...(srcSet ? { srcSet, sizes } : {})}
      alt={alt}
      {...img}
      onError={() => setFailed({ src, what: srcSet ? 'sized' : 'all' })}
      className={className}
      sx={sx}
    />
  );
}
