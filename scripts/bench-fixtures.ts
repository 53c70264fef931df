// Test photos shared by the benchmarks (bench:render, bench:server-memory), so both measure
// the same input.
import { readHumanSampleFace } from '@glowreel/engine/node';
import sharp from 'sharp';

export async function makeFaceComposite(file: string): Promise<void> {
  // The same 2400×1500 size as the textured composite; each half shows the face enlarged
  // to 1200 px, the after half slightly warmer so the split finds the cut.
  const half = await sharp(readHumanSampleFace())
    .resize(1200, 1500, { fit: 'cover', position: 'top' })
    .removeAlpha()
    .toBuffer();
  const after = await sharp(half).modulate({ brightness: 1.04, saturation: 1.05 }).toBuffer();
  await sharp({ create: { width: 2400, height: 1500, channels: 3, background: '#000' } })
    .composite([
      { input: half, left: 0, top: 0 },
      { input: after, left: 1200, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toFile(file);
}
