/**
 * A phone camera's photo for tests and benches: a 4000×3000 JPEG as the sensor recorded it, with
 * EXIF orientation 6 (shown turned 90° clockwise, a portrait photo), the camera's make and model
 * and a GPS position, and photographic grain so that it weighs several MB as a real one does.
 * The sensor's top-left corner is red: upright, that is the photo's top-right corner.
 */
import sharp from 'sharp';

export const CAMERA_SENSOR = { width: 4000, height: 3000 } as const;
/** The side of the red square in the sensor's top-left corner. */
export const RED_CORNER = 400;

/** A house against the sky, upright (portrait, as the photo is shown). */
function scene(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#7fb2e5"/><stop offset="0.55" stop-color="#e8eef2"/>
<stop offset="0.56" stop-color="#8a7a5c"/><stop offset="1" stop-color="#4a3f2f"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<rect x="700" y="1400" width="1600" height="1300" fill="#d9c7a3"/>
<polygon points="600,1400 1500,800 2400,1400" fill="#8c3b2e"/>
<rect x="1100" y="2000" width="400" height="700" fill="#5a4030"/>
<rect x="1700" y="1700" width="400" height="350" fill="#9fc3d9"/>
<rect x="${width - RED_CORNER}" y="0" width="${RED_CORNER}" height="${RED_CORNER}" fill="#ff0000"/>
</svg>`;
}

/**
 * The photo; `grain` (the noise's standard deviation, 0–255) sets how much detail, so how many
 * bytes: about 6.5 MB at 24, 8 MB at 40 (JPEG quality 95). Where it was taken: 澄江, 24.67 N
 * 102.91 E.
 */
export async function cameraPhoto({ grain = 40, quality = 95 } = {}): Promise<Buffer> {
  const { width, height } = CAMERA_SENSOR;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: grain },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  // The sensor holds the upright scene turned a quarter back: orientation 6 turns it upright.
  const sensor = await sharp(Buffer.from(scene(height, width)))
    .rotate(270)
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(sensor)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality })
    .withExif({
      IFD0: { Make: 'Xiaomi', Model: 'Redmi Note 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '24/1 40/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '102/1 54/1 36/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
