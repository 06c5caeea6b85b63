/**
 * Paints a listing's poster (房源海报) on a canvas with the Canvas 2D API: the cover photo (or the
 * designed fallback when it cannot be loaded), the texts and chips placed by couchdb/rules/poster,
 * and the QR code of the listing's promotion link made on the device with lean-qr.
 */
import { generate } from 'lean-qr';
import {
  POSTER_COLORS as C,
  POSTER_COVER,
  POSTER_FOOTER_HEIGHT,
  POSTER_HEIGHT,
  POSTER_MARGIN,
  POSTER_QR,
  POSTER_WIDTH,
  posterLayout,
  posterTownship,
  type PosterAgent,
  type PosterFont,
  type PosterListing,
} from '@couchdb/rules/poster';

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const QUIET_ZONE = 4;
/** How long the cover photo may take before the fallback is drawn instead. */
const COVER_WAIT_MS = 8_000;
/** Material Design's "home" glyph (24×24 box), for the fallback cover and the brand mark. */
const HOUSE_PATH = 'M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z';

export interface PosterInput {
  listing: PosterListing;
  agent: PosterAgent;
  /** The listing's promotion link the QR code holds. */
  link: string;
  /** Photo addresses to try for the cover, best first (same origin: the canvas stays readable). */
  coverUrls: string[];
  fontFamily: string;
}

/** Draws the poster; resolves whether the cover photo was used (false: the fallback was drawn). */
export async function drawPoster(canvas: HTMLCanvasElement, input: PosterInput): Promise<boolean> {
  const cover = await loadFirstImage(input.coverUrls);
  await document.fonts?.ready;
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas context');
  const font = (f: PosterFont) => `${f.weight} ${f.size}px ${input.fontFamily}`;

  ctx.fillStyle = C.page;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  if (cover) drawCover(ctx, cover);
  else drawFallbackCover(ctx, posterTownship(input.listing.address), font);
  drawBrandBadge(ctx, font);

  const layout = posterLayout(input.listing, input.agent, (text, f) => {
    ctx.font = font(f);
    return ctx.measureText(text).width;
  });
  ctx.fillStyle = C.brandLight;
  for (const chip of layout.chips) {
    roundRect(ctx, chip.x, chip.y, chip.width, chip.height, chip.height / 2);
    ctx.fill();
  }
  ctx.fillStyle = C.divider;
  ctx.fillRect(POSTER_MARGIN, layout.dividerY, POSTER_WIDTH - POSTER_MARGIN * 2, 2);

  drawFooter(ctx);
  ctx.textBaseline = 'alphabetic';
  for (const t of layout.texts) {
    ctx.font = font(t.font);
    ctx.fillStyle = t.color;
    ctx.fillText(t.text, t.x, t.y);
  }
  drawQr(ctx, input.link);
  return cover !== null;
}

/** The first of `urls` that loads as an image within COVER_WAIT_MS, or null. */
async function loadFirstImage(urls: string[]): Promise<HTMLImageElement | null> {
  for (const url of urls) {
    const image = await loadImage(url);
    if (image) return image;
  }
  return null;
}

function loadImage(url: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => done(null), COVER_WAIT_MS);
    function done(result: HTMLImageElement | null) {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(result);
    }
    image.onload = () => done(image.naturalWidth > 0 ? image : null);
    // Offline and never seen (not in the service worker's media cache): the fallback is drawn.
    image.onerror = () => done(null);
    image.src = url;
  });
}

/** The photo fills the cover band, cropped to it from the centre (object-fit: cover). */
function drawCover(ctx: CanvasRenderingContext2D, image: HTMLImageElement): void {
  const { x, y, width, height } = POSTER_COVER;
  const scale = Math.max(width / image.naturalWidth, height / image.naturalHeight);
  const sw = width / scale;
  const sh = height / scale;
  const sx = (image.naturalWidth - sw) / 2;
  const sy = (image.naturalHeight - sh) / 2;
  ctx.drawImage(image, sx, sy, sw, sh, x, y, width, height);
  // A soft shade at the top keeps the brand badge readable on light photos.
  const shade = ctx.createLinearGradient(0, 0, 0, 160);
  shade.addColorStop(0, 'rgba(0,0,0,0.35)');
  shade.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = shade;
  ctx.fillRect(x, y, width, 160);
}

/** No photo to show: a brand-coloured panel with the house glyph and the township. */
function drawFallbackCover(
  ctx: CanvasRenderingContext2D,
  township: string,
  font: (f: PosterFont) => string,
): void {
  const { x, y, width, height } = POSTER_COVER;
  const fill = ctx.createLinearGradient(0, y, width, y + height);
  fill.addColorStop(0, C.brand);
  fill.addColorStop(1, C.brandDark);
  ctx.fillStyle = fill;
  ctx.fillRect(x, y, width, height);
  // Two large soft circles give the panel depth.
  ctx.fillStyle = 'rgba(255,255,255,0.08)';
  ctx.beginPath();
  ctx.arc(width - 60, y + 90, 220, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(70, y + height - 40, 160, 0, Math.PI * 2);
  ctx.fill();

  const icon = 168;
  ctx.save();
  ctx.translate((width - icon) / 2, y + 150);
  ctx.scale(icon / 24, icon / 24);
  ctx.fillStyle = 'rgba(255,255,255,0.95)';
  ctx.fill(new Path2D(HOUSE_PATH));
  ctx.restore();

  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.font = font({ size: 56, weight: 700 });
  ctx.fillText(township || '澄江', width / 2, y + 410);
  ctx.font = font({ size: 26, weight: 400 });
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillText('澄江房产 · 真实房源', width / 2, y + 462);
  ctx.textAlign = 'start';
}

/** The brand badge on the cover's top left: the house glyph and 澄江房产. */
function drawBrandBadge(ctx: CanvasRenderingContext2D, font: (f: PosterFont) => string): void {
  const x = 32;
  const y = 32;
  ctx.font = font({ size: 26, weight: 700 });
  const width = 56 + ctx.measureText('澄江房产').width + 22;
  ctx.fillStyle = 'rgba(0,0,0,0.38)';
  roundRect(ctx, x, y, width, 52, 26);
  ctx.fill();
  ctx.save();
  ctx.translate(x + 16, y + 12);
  ctx.scale(28 / 24, 28 / 24);
  ctx.fillStyle = '#ffffff';
  ctx.fill(new Path2D(HOUSE_PATH));
  ctx.restore();
  ctx.fillStyle = '#ffffff';
  ctx.fillText('澄江房产', x + 52, y + 36);
}

function drawFooter(ctx: CanvasRenderingContext2D): void {
  ctx.fillStyle = C.brand;
  ctx.fillRect(0, POSTER_HEIGHT - POSTER_FOOTER_HEIGHT, POSTER_WIDTH, POSTER_FOOTER_HEIGHT);
}

/** The code in its white box, whole pixels per module with a 4-module quiet zone, so it decodes. */
function drawQr(ctx: CanvasRenderingContext2D, text: string): void {
  const code = generate(text);
  const { x, y, size } = POSTER_QR;
  const modules = code.size + QUIET_ZONE * 2;
  const cell = Math.max(1, Math.floor(size / modules));
  const offset = Math.floor((size - cell * modules) / 2) + QUIET_ZONE * cell;
  ctx.fillStyle = C.divider;
  roundRect(ctx, x - 2, y - 2, size + 4, size + 4, 14);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, x, y, size, size, 12);
  ctx.fill();
  ctx.fillStyle = '#000000';
  for (let my = 0; my < code.size; my++)
    for (let mx = 0; mx < code.size; mx++)
      if (code.get(mx, my))
        ctx.fillRect(x + offset + mx * cell, y + offset + my * cell, cell, cell);
}

function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
): void {
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, radius);
}
