import { readHumanSampleFace } from '@glowreel/engine/node';
import sharp from 'sharp';

/**
 * A 2000×1250 side-by-side PNG whose halves show the sample face enlarged to 1000 px wide, so
 * its eyes are about 180 px apart in a 720p video (face motion needs 120). The after half is a
 * little warmer so the split finds the cut. PNG, so the browser and sharp decode the same pixels.
 */
export async function faceCompositePng(): Promise<Buffer> {
  const { width, height, before, after } = await faceHalves();
  return sharp({ create: { width: 2 * width, height, channels: 3, background: '#000' } })
    .composite([
      { input: before, raw: { width, height, channels: 3 }, left: 0, top: 0 },
      { input: after, raw: { width, height, channels: 3 }, left: width, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** The two halves of faceCompositePng as separate PNG files: a before and an after photo. */
export async function facePairPngs(): Promise<{ before: Buffer; after: Buffer }> {
  const { width, height, before, after } = await faceHalves();
  const png = (pixels: Buffer) =>
    sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  return { before: await png(before), after: await png(after) };
}

/** Raw RGB halves, 1000 × 1250: the sample face, and the same face a little warmer. */
async function faceHalves() {
  const width = 1000;
  const height = 1250;
  const before = await sharp(readHumanSampleFace())
    .resize(width, height, { fit: 'cover', position: 'top' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const after = await sharp(before, { raw: { width, height, channels: 3 } })
    .modulate({ brightness: 1.04, saturation: 1.05 })
    .raw()
    .toBuffer();
  return { width, height, before, after };
}

/**
 * A side-by-side PNG of smooth texture painted in code (no patient photo anywhere): two
 * halves with no face in them, the after half brighter so the engine finds the split.
 */
export async function texturedCompositePng(
  size: { width: number; height: number } = { width: 1600, height: 1000 },
): Promise<Buffer> {
  const { width, height } = size;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const local = x % (width / 2);
      const i = (y * width + x) * 3;
      const shade = 110 + 50 * Math.sin(local / 29) * Math.cos(y / 41);
      const lift = x >= width / 2 ? 18 : 0;
      pixels[i] = shade + lift;
      pixels[i + 1] = shade * 0.8 + lift;
      pixels[i + 2] = shade * 0.7 + lift;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
