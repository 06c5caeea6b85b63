/**
 * Demo pictures for the seed, drawn locally (SVG rendered by sharp; nothing is downloaded and no
 * font is needed): a pool of street scenes for listings and news covers, stored through the media
 * store the caller passes (the gateway's, content-addressed, so re-seeding writes the same files).
 */
import sharp from 'sharp';
import { createRandom, type Random } from './random';

/** Stores encoded picture bytes as a file of type `ext` and returns its public URL. */
export type PutMedia = (bytes: Buffer, ext: 'jpg' | 'webp') => Promise<string>;

/** One stored picture: the full image and its thumbnail, both '/media/<sha256>.<ext>' URLs. */
export interface DemoImage {
  url: string;
  thumbnail_url: string;
}

/** Everything `buildDemoData` needs from the media store. */
export interface DemoMedia {
  /** Listing photos; listings reuse them round-robin. */
  properties: DemoImage[];
  /** News covers: a chart (market), a document (policy), a house and key (guide), a skyline. */
  news: DemoImage[];
}

export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 800;
export const THUMB_WIDTH = 400;
export const THUMB_HEIGHT = 267;

export interface DemoImageOptions {
  /** Listing photos to draw (default 16). */
  propertyCount?: number;
  /** Seed for shapes and colours (default 2026). */
  seed?: number;
}

/** Sky palettes: dawn over the lake, clear noon, hazy afternoon, dusk, overcast. */
const SKIES: readonly [string, string][] = [
  ['#f9d29d', '#b8d8f0'],
  ['#3f8fd8', '#bfe3f8'],
  ['#7fb2d9', '#e8eef2'],
  ['#f08a5d', '#f6d6a8'],
  ['#9aa7b4', '#dde3e8'],
  ['#5aa0e0', '#f2f7fb'],
];
const FACADES = ['#e9e4da', '#f3efe6', '#d9d4cb', '#efe2cf', '#cfd8dc', '#f5f1ea', '#e6d5c3'];
const ROOFS = ['#8d3b2f', '#5d6d7e', '#a0522d', '#6b4f3f'];
const HILLS = ['#5f7f74', '#6f8b7a', '#7d8fa3', '#58706b'];

function linearGradient(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** A ridge line across the whole width, closed down to `base`. */
function ridge(
  rnd: Random,
  width: number,
  top: number,
  base: number,
  fill: string,
  op: number,
): string {
  const points: string[] = [`0,${base}`];
  const steps = 8 + rnd.int(0, 6);
  for (let i = 0; i <= steps; i++) {
    const x = Math.round((i / steps) * width);
    points.push(`${x},${Math.round(top + rnd.next() * (base - top) * 0.7)}`);
  }
  points.push(`${width},${base}`);
  return `<polygon points="${points.join(' ')}" fill="${fill}" fill-opacity="${op}"/>`;
}

function windows(x: number, y: number, w: number, h: number, rnd: Random, lit: number): string {
  const cols = Math.max(2, Math.floor(w / 34));
  const rows = Math.max(2, Math.floor(h / 30));
  const cw = w / cols;
  const rh = h / rows;
  let out = '';
  for (let r = 0; r < rows - 1; r++) {
    for (let c = 0; c < cols; c++) {
      const fill = rnd.chance(lit) ? '#ffe6a8' : '#7d97ad';
      out += `<rect x="${(x + c * cw + cw * 0.22).toFixed(1)}" y="${(y + r * rh + rh * 0.28).toFixed(1)}" width="${(cw * 0.56).toFixed(1)}" height="${(rh * 0.5).toFixed(1)}" fill="${fill}"/>`;
    }
  }
  return out;
}

function tree(x: number, ground: number, size: number, shade: string): string {
  return (
    `<rect x="${x - size * 0.08}" y="${ground - size * 0.9}" width="${size * 0.16}" height="${size * 0.9}" fill="#6b4f3f"/>` +
    `<circle cx="${x}" cy="${ground - size}" r="${size * 0.55}" fill="${shade}"/>`
  );
}

/** A street scene: sky, hills, sometimes the lake, a row of towers or low-rise houses, trees. */
function propertySvg(rnd: Random, index: number): string {
  const W = IMAGE_WIDTH;
  const H = IMAGE_HEIGHT;
  const [skyTop, skyBottom] = SKIES[index % SKIES.length] as [string, string];
  const horizon = rnd.int(430, 520);
  const ground = rnd.int(650, 700);
  const lake = index % 3 === 0;
  let body = `<defs>${linearGradient('sky', skyTop, skyBottom)}${linearGradient('lake', '#4f9cc8', '#2f6f96')}</defs>`;
  body += `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  if (rnd.chance(0.6)) {
    body += `<circle cx="${rnd.int(120, W - 120)}" cy="${rnd.int(80, 200)}" r="${rnd.int(34, 60)}" fill="#fff6d5" fill-opacity="0.85"/>`;
  }
  for (let c = 0; c < 3; c++) {
    const cx = rnd.int(0, W);
    const cy = rnd.int(60, 260);
    body += `<ellipse cx="${cx}" cy="${cy}" rx="${rnd.int(70, 150)}" ry="${rnd.int(18, 32)}" fill="#ffffff" fill-opacity="0.55"/>`;
  }
  body += ridge(rnd, W, horizon - 200, horizon + 40, rnd.pick(HILLS), 0.55);
  body += ridge(rnd, W, horizon - 110, horizon + 60, rnd.pick(HILLS), 0.85);
  if (lake)
    body += `<rect x="0" y="${horizon + 20}" width="${W}" height="${ground - horizon}" fill="url(#lake)"/>`;
  body += `<rect x="0" y="${ground}" width="${W}" height="${H - ground}" fill="#8fae6b"/>`;
  body += `<rect x="0" y="${ground + 40}" width="${W}" height="${rnd.int(50, 70)}" fill="#9a9a96"/>`;

  const towers = index % 2 === 0;
  let x = rnd.int(-40, 40);
  while (x < W) {
    const w = towers ? rnd.int(130, 210) : rnd.int(160, 240);
    const h = towers ? rnd.int(260, ground - 90) : rnd.int(120, 200);
    const top = ground - h;
    const facade = rnd.pick(FACADES);
    body += `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${facade}" stroke="#b9b2a6" stroke-width="2"/>`;
    if (towers) {
      body += `<rect x="${x - 4}" y="${top - 10}" width="${w + 8}" height="12" fill="#a7a096"/>`;
    } else {
      const roof = rnd.pick(ROOFS);
      body += `<polygon points="${x - 14},${top} ${x + w / 2},${top - rnd.int(50, 80)} ${x + w + 14},${top}" fill="${roof}"/>`;
      body += `<rect x="${x + w * 0.42}" y="${ground - 60}" width="${w * 0.16}" height="60" fill="#7a5a43"/>`;
    }
    body += windows(
      x + 6,
      top + 10,
      w - 12,
      h - (towers ? 30 : 70),
      rnd,
      index % 6 === 3 ? 0.7 : 0.15,
    );
    x += w + rnd.int(20, 70);
  }
  for (let t = 0; t < 7; t++) {
    body += tree(
      rnd.int(20, W - 20),
      ground + 44,
      rnd.int(34, 56),
      rnd.pick(['#3f7f4f', '#4c8c4a', '#2f6b45']),
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/** News covers: a rising chart (market), a stamped document (policy), a house and key (guide), a skyline. */
function newsSvg(rnd: Random, kind: number): string {
  const W = IMAGE_WIDTH;
  const H = IMAGE_HEIGHT;
  const bgs: [string, string][] = [
    ['#1f4e79', '#3f7fbf'],
    ['#7b1e1e', '#c0504d'],
    ['#2e6b4f', '#6fb28a'],
    ['#4a3b6b', '#8d7cc0'],
  ];
  const [a, b] = bgs[kind % bgs.length] as [string, string];
  let body = `<defs>${linearGradient('bg', a, b)}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  for (let i = 0; i < 12; i++) {
    body += `<circle cx="${rnd.int(0, W)}" cy="${rnd.int(0, H)}" r="${rnd.int(20, 120)}" fill="#ffffff" fill-opacity="0.06"/>`;
  }
  if (kind % 4 === 0) {
    const bars = 7;
    let line = '';
    for (let i = 0; i < bars; i++) {
      const h = 120 + i * 50 + rnd.int(-30, 30);
      const x = 220 + i * 115;
      body += `<rect x="${x}" y="${660 - h}" width="70" height="${h}" rx="6" fill="#ffffff" fill-opacity="0.85"/>`;
      line += `${x + 35},${620 - h} `;
    }
    body += `<polyline points="${line.trim()}" fill="none" stroke="#ffd45c" stroke-width="10" stroke-linejoin="round"/>`;
    body += `<rect x="180" y="660" width="840" height="8" fill="#ffffff"/>`;
  } else if (kind % 4 === 1) {
    body += `<rect x="380" y="110" width="440" height="580" rx="16" fill="#fbfaf7"/>`;
    for (let i = 0; i < 9; i++) {
      body += `<rect x="430" y="${180 + i * 44}" width="${i % 3 === 2 ? 220 : 340}" height="14" rx="7" fill="#c9c4ba"/>`;
    }
    body += `<circle cx="700" cy="590" r="70" fill="none" stroke="#d0312d" stroke-width="12"/>`;
    body += `<polygon points="700,545 712,578 746,578 718,598 729,631 700,611 671,631 682,598 654,578 688,578" fill="#d0312d"/>`;
  } else if (kind % 4 === 2) {
    body += `<polygon points="600,150 880,390 320,390" fill="#fbfaf7"/>`;
    body += `<rect x="380" y="390" width="440" height="280" fill="#fbfaf7"/>`;
    body += `<rect x="560" y="500" width="80" height="170" fill="#2e6b4f"/>`;
    body += `<circle cx="880" cy="600" r="46" fill="none" stroke="#ffd45c" stroke-width="16"/>`;
    body += `<rect x="918" y="592" width="150" height="16" fill="#ffd45c"/><rect x="1030" y="608" width="16" height="34" fill="#ffd45c"/>`;
  } else {
    let x = 80;
    while (x < W - 80) {
      const w = rnd.int(70, 140);
      const h = rnd.int(160, 460);
      body += `<rect x="${x}" y="${680 - h}" width="${w}" height="${h}" fill="#ffffff" fill-opacity="${(0.55 + rnd.next() * 0.35).toFixed(2)}"/>`;
      x += w + rnd.int(8, 24);
    }
    body += `<rect x="0" y="680" width="${W}" height="${H - 680}" fill="#ffffff" fill-opacity="0.25"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

async function storePicture(putMedia: PutMedia, svg: string): Promise<DemoImage> {
  const raster = sharp(Buffer.from(svg));
  const [full, thumb] = await Promise.all([
    raster.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
    raster
      .clone()
      .resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'cover' })
      .webp({ quality: 75 })
      .toBuffer(),
  ]);
  const [url, thumbnail_url] = await Promise.all([putMedia(full, 'jpg'), putMedia(thumb, 'webp')]);
  return { url, thumbnail_url };
}

/**
 * Draws the demo pictures and stores them through `putMedia` (same seed, same bytes: a
 * content-addressed store keeps the same files).
 */
export async function generateDemoImages(
  putMedia: PutMedia,
  options: DemoImageOptions = {},
): Promise<DemoMedia> {
  const count = options.propertyCount ?? 16;
  const rnd = createRandom(options.seed ?? 2026);
  // Draw every SVG first (sequential PRNG use keeps output deterministic), then encode in parallel.
  const propertySvgs = Array.from({ length: count }, (_, i) => propertySvg(rnd, i));
  const newsSvgs = Array.from({ length: 4 }, (_, i) => newsSvg(rnd, i));
  const [properties, news] = await Promise.all([
    Promise.all(propertySvgs.map((svg) => storePicture(putMedia, svg))),
    Promise.all(newsSvgs.map((svg) => storePicture(putMedia, svg))),
  ]);
  return { properties, news };
}
