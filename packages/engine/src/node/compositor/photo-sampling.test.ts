// A panel's photo sampled around the spans a held face's patch paints over next: the pixels
// there are left alone and every other pixel is what sampling the whole clip gives, to the bit
// (the runs to the right of a span start at the position the kernel would have stepped to).
import { describe, expect, it } from 'vitest';
import type { Affine } from '../../geometry.ts';
import { clipCoverage } from './clip-coverage.ts';
import { createCompositorKernels, type CompositorKernels } from './compositor-kernels.ts';
import { blendedRowBytes, photoInMemoryBytes, samplePhotoInto } from './photo-sampling.ts';

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const FRAME = { width: 160, height: 90 };
const PHOTO = { width: 211, height: 127 };

function setup() {
  const { WebAssembly: wasm } = globalThis as unknown as {
    WebAssembly: { Memory: new (descriptor: { initial: number }) => CompositorKernels['memory'] };
  };
  const memory = new wasm.Memory({ initial: 16 });
  const bytes = new Uint8Array(memory.buffer);
  const photo = { address: 0, ...PHOTO };
  const frameAddress = Math.ceil(photoInMemoryBytes(PHOTO) / 16) * 16;
  const frameBytes = FRAME.width * FRAME.height * 4;
  const temp = frameAddress + frameBytes;
  return {
    kernels: createCompositorKernels(memory),
    bytes,
    photo,
    frame: { address: frameAddress, rowBytes: FRAME.width * 4 },
    frameBytes,
    temp,
    tempEnd: temp + blendedRowBytes(PHOTO.width),
  };
}

describe('sampling a photo around a held face', () => {
  it('leaves the covered spans alone and paints the rest as a whole clip, to the bit', () => {
    const next = random(9);
    const { kernels, bytes, photo, frame, frameBytes, temp, tempEnd } = setup();
    expect(tempEnd).toBeLessThan(bytes.length);
    for (let i = 0; i < photoInMemoryBytes(PHOTO); i += 1) bytes[i] = Math.floor(next() * 256);
    for (let trial = 0; trial < 12; trial += 1) {
      // Scaled down (as a 1080p panel shows a larger photo) and moved; a clip with partly
      // covered edge pixels, as a panel's is.
      const scale = 0.55 + next() * 0.4;
      const photoToOutput: Affine = {
        a: scale,
        b: 0,
        c: 0,
        d: scale,
        e: next() * 9,
        f: next() * 7,
      };
      const clip = clipCoverage(
        { x: 3.4 + next() * 10, y: 2.6 + next() * 8, width: 120 + next() * 20, height: 70 },
        FRAME,
      );
      // The same pixels under both: a clip's partly covered edge pixels are mixed with them.
      bytes.fill(7, frame.address, frame.address + frameBytes);
      samplePhotoInto(kernels, photo, frame, photoToOutput, clip, temp);
      const expected = bytes.slice(frame.address, frame.address + frameBytes);
      const top = 10 + Math.floor(next() * 20);
      const rows = 40;
      const covered = { top, from: new Int32Array(rows), to: new Int32Array(rows) };
      for (let row = 0; row < rows; row += 1) {
        if (next() < 0.2) continue;
        const from = Math.floor(next() * FRAME.width);
        covered.from[row] = from;
        covered.to[row] = from + Math.floor(next() * 80);
      }
      bytes.fill(7, frame.address, frame.address + frameBytes);
      samplePhotoInto(kernels, photo, frame, photoToOutput, clip, temp, covered);
      const actual = bytes.slice(frame.address, frame.address + frameBytes);
      let left = 0;
      for (let y = 0; y < FRAME.height; y += 1) {
        const index = y - top;
        const rowCoverage = clip.rows.find((span) => y >= span.from && y < span.from + span.count);
        for (let x = 0; x < FRAME.width; x += 1) {
          const columnCoverage = clip.columns.find(
            (span) => x >= span.from && x < span.from + span.count,
          );
          const fully = rowCoverage?.coverage === 1 && columnCoverage?.coverage === 1;
          const skipped =
            fully &&
            index >= 0 &&
            index < rows &&
            x >= (covered.from[index] ?? 0) &&
            x < (covered.to[index] ?? 0);
          const at = (y * FRAME.width + x) * 4;
          const pixel = [...actual.subarray(at, at + 4)];
          if (skipped) {
            expect(pixel, `${x}, ${y}`).toEqual([7, 7, 7, 7]);
            left += 1;
          } else if (rowCoverage && columnCoverage) {
            expect(pixel, `${x}, ${y}`).toEqual([...expected.subarray(at, at + 4)]);
          }
        }
      }
      expect(left).toBeGreaterThan(0);
    }
  });
});
