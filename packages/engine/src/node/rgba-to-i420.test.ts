import { describe, expect, it } from 'vitest';
import { createI420Converter, i420FrameBytes } from './rgba-to-i420.ts';

/** The BT.709 limited-range formulas in floating point, written out independently of the SIMD code. */
function referenceI420(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(i420FrameBytes(width, height));
  const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      out[y * width + x] = Math.round(
        16 + (219 / 255) * luma(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!),
      );
    }
  }
  const chromaWidth = width / 2;
  const uPlane = width * height;
  const vPlane = uPlane + chromaWidth * (height / 2);
  for (let cy = 0; cy < height / 2; cy += 1) {
    for (let cx = 0; cx < chromaWidth; cx += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((cy * 2 + dy) * width + cx * 2 + dx) * 4;
        r += rgba[i]! / 4;
        g += rgba[i + 1]! / 4;
        b += rgba[i + 2]! / 4;
      }
      const y = luma(r, g, b);
      out[uPlane + cy * chromaWidth + cx] = Math.round(128 + ((224 / 255) * (b - y)) / 1.8556);
      out[vPlane + cy * chromaWidth + cx] = Math.round(128 + ((224 / 255) * (r - y)) / 1.5748);
    }
  }
  return out;
}

function randomFrame(width: number, height: number, seed: number): Uint8Array {
  const frame = new Uint8Array(width * height * 4);
  let state = seed;
  for (let i = 0; i < frame.length; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    frame[i] = state >>> 24;
  }
  return frame;
}

function largestDifference(a: Uint8Array, b: Uint8Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i += 1) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

describe('RGBA → I420 converter', () => {
  it('matches the BT.709 limited-range formulas within one level on every sample', () => {
    // 1080 and 72 are not multiples of 16: the last block of each row overlaps the one before.
    for (const [width, height] of [
      [64, 36],
      [72, 10],
      [1080, 8],
    ] as const) {
      const rgba = randomFrame(width, height, width + height);
      const converted = createI420Converter(width, height).convert(rgba);
      expect(converted.byteLength).toBe(i420FrameBytes(width, height));
      expect(largestDifference(converted, referenceI420(rgba, width, height))).toBeLessThanOrEqual(
        1,
      );
    }
  });

  it('maps black, white and the primaries to their exact studio-range codes', () => {
    const width = 16;
    const height = 2;
    const colours = [
      [0, 0, 0, 16, 128, 128],
      [255, 255, 255, 235, 128, 128],
      [255, 0, 0, 63, 102, 240],
      [0, 255, 0, 173, 42, 26],
      [0, 0, 255, 32, 240, 118],
    ] as const;
    const converter = createI420Converter(width, height);
    for (const [r, g, b, y, u, v] of colours) {
      const rgba = new Uint8Array(width * height * 4);
      for (let i = 0; i < rgba.length; i += 4) rgba.set([r, g, b, 255], i);
      const out = converter.convert(rgba);
      expect([out[0], out[width * height], out[width * height + 8]]).toEqual([y, u, v]);
      expect(new Set(out.subarray(0, width * height))).toEqual(new Set([y]));
    }
  });

  it('ignores alpha, since frames are painted opaque', () => {
    const rgba = randomFrame(32, 4, 7);
    const transparent = rgba.slice();
    for (let i = 3; i < transparent.length; i += 4) transparent[i] = 0;
    const converter = createI420Converter(32, 4);
    const first = converter.convert(rgba).slice();
    expect(converter.convert(transparent)).toEqual(first);
  });

  it('converts a frame written into its own input as it converts one handed over', () => {
    const rgba = randomFrame(48, 6, 11);
    const converter = createI420Converter(48, 6);
    const handed = converter.convert(rgba).slice();
    converter.input.fill(0);
    // Written in two stripes, as the paint worker reads a frame.
    converter.input.set(rgba.subarray(0, 48 * 4 * 2), 0);
    converter.input.set(rgba.subarray(48 * 4 * 2), 48 * 4 * 2);
    expect(converter.convertInput()).toEqual(handed);
  });

  it('converts only the changed rectangles to what a whole conversion gives', () => {
    // 72 is not a multiple of 16; the rectangles have odd edges, one is 3 pixels wide, one
    // touches the right edge and one reaches past the frame.
    const width = 72;
    const height = 20;
    const converter = createI420Converter(width, height);
    converter.input.set(randomFrame(width, height, 3));
    converter.convertInput();
    const changed = [
      { x: 5, y: 3, width: 3, height: 5 },
      { x: 61, y: 9, width: 11, height: 2 },
      { x: 30, y: 15, width: 60, height: 9 },
    ];
    const next = randomFrame(width, height, 4);
    for (const rect of changed) {
      for (let y = rect.y; y < Math.min(height, rect.y + rect.height); y += 1) {
        const start = (y * width + rect.x) * 4;
        const end = (y * width + Math.min(width, rect.x + rect.width)) * 4;
        converter.input.set(next.subarray(start, end), start);
      }
    }
    const whole = createI420Converter(width, height).convert(converter.input.slice()).slice();
    expect(Buffer.from(converter.convertInput(changed)).equals(Buffer.from(whole))).toBe(true);
    // Nothing changed: nothing to convert, and the frame is still the same.
    expect(Buffer.from(converter.convertInput([])).equals(Buffer.from(whole))).toBe(true);
  });

  it('takes over the memory of an earlier converter of its size, grown for a larger room', () => {
    const first = createI420Converter(48, 6, { roomBytes: 1000 });
    const rgba = randomFrame(48, 6, 21);
    const expected = first.convert(rgba).slice();
    new Uint8Array(first.room.memory.buffer).fill(7, first.room.offset, first.room.offset + 1000);

    const same = createI420Converter(48, 6, { roomBytes: 500, reusing: first });
    expect(same.room.memory).toBe(first.room.memory);
    expect(same.room.bytes).toBe(500);
    // The pages come as the last video left them: nothing is cleared.
    expect(new Uint8Array(same.room.memory.buffer)[same.room.offset]).toBe(7);
    expect(same.convert(rgba)).toEqual(expected);

    const larger = createI420Converter(48, 6, { roomBytes: 300_000, reusing: same });
    expect(larger.room.memory).toBe(first.room.memory);
    expect(larger.room.memory.buffer.byteLength).toBeGreaterThanOrEqual(
      larger.room.offset + 300_000,
    );
    expect(larger.convert(rgba)).toEqual(expected);

    // Another frame size gets memory of its own.
    const other = createI420Converter(32, 6, { reusing: larger });
    expect(other.room.memory).not.toBe(first.room.memory);
    expect(other.convert(randomFrame(32, 6, 5)).length).toBe(i420FrameBytes(32, 6));
  });

  it('refuses sizes the SIMD blocks cannot cover and frames of the wrong length', () => {
    expect(() => createI420Converter(14, 2)).toThrow(/at least 16/);
    expect(() => createI420Converter(33, 2)).toThrow(/even/);
    expect(() => createI420Converter(32, 3)).toThrow(/height/);
    expect(() => createI420Converter(32, 2).convert(new Uint8Array(10))).toThrow(/expected 256/);
  });
});
