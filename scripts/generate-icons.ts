/**
 * Generates the PWA icons in public/icons/ from the one SVG source, public/icons/icon.svg
 * (run once after changing the SVG and commit the PNGs: `npx tsx scripts/generate-icons.ts`).
 *   icon-192.png, icon-512.png   "any" purpose: the artwork with rounded corners
 *   maskable-512.png             "maskable": full bleed, the launcher applies its own mask
 *   apple-touch-icon.png         180 px, full bleed (iOS rounds it itself)
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';

const dir = fileURLToPath(new URL('../public/icons/', import.meta.url));

/** Corner radius of the "any" icons as a share of their size (close to Android's squircle). */
const CORNER_RATIO = 0.22;

function roundedMask(size: number): Buffer {
  const r = Math.round(size * CORNER_RATIO);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      `<rect width="${size}" height="${size}" rx="${r}" ry="${r}" fill="#fff"/></svg>`,
  );
}

async function render(svg: Buffer, size: number): Promise<Sharp> {
  return sharp(svg, { density: Math.ceil((72 * size) / 512) }).resize(size, size);
}

async function main() {
  const svg = await readFile(`${dir}icon.svg`);
  for (const size of [192, 512]) {
    const art = await (await render(svg, size)).png().toBuffer();
    await sharp(art)
      .composite([{ input: roundedMask(size), blend: 'dest-in' }])
      .png({ compressionLevel: 9 })
      .toFile(`${dir}icon-${size}.png`);
  }
  await (await render(svg, 512)).png({ compressionLevel: 9 }).toFile(`${dir}maskable-512.png`);
  await (
    await render(svg, 180)
  )
    .flatten({ background: '#00ae66' })
    .png({ compressionLevel: 9 })
    .toFile(`${dir}apple-touch-icon.png`);
  console.log(`icons written to ${dir}`);
}

await main();
