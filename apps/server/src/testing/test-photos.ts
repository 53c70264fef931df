import sharp from 'sharp';

/** A textured photo painted in code; `lift` brightens it (the "after" of a pair). */
export async function paintedPhoto(lift: number, width = 640, height = 800): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const shade = 120 + 50 * Math.sin(x / 23) * Math.cos(y / 31);
      pixels[i] = shade + lift;
      pixels[i + 1] = shade * 0.8 + lift;
      pixels[i + 2] = shade * 0.7 + lift;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A before/after composite as clinics upload it: two 640×800 panels on white with a gutter. */
export function compositeOf(before: Buffer, after: Buffer): Promise<Buffer> {
  return sharp({
    create: { width: 1300, height: 800, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .composite([
      { input: before, left: 0, top: 0 },
      { input: after, left: 660, top: 0 },
    ])
    .jpeg()
    .toBuffer();
}

export async function compositePhoto(): Promise<Buffer> {
  return compositeOf(await paintedPhoto(0), await paintedPhoto(40));
}
