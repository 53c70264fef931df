// The held face's patch is laid only where its rows are opaque: no pixel that takes an opaque
// patch pixel may fall outside the columns laid.
import { describe, expect, it } from 'vitest';
import type { Affine } from '../../geometry.ts';
import { opaqueColumnsOf, opaqueOutputColumns } from './held-face-patches.ts';
import { longestOpaqueRuns, solidPixels } from './held-face-solid-spans.ts';
import { FIXED_ONE } from './photo-sampling.ts';

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** A patch with a few opaque ellipses on a transparent ground, and some empty rows. */
function randomPatch(next: () => number, width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(width * height * 4);
  for (let blob = 0; blob < 3; blob += 1) {
    const cx = next() * width;
    const cy = next() * height * 0.8;
    const rx = 2 + next() * width * 0.3;
    const ry = 2 + next() * height * 0.3;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if (((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1) {
          bytes.set([200, 120, 90, 255], (y * width + x) * 4);
        }
      }
    }
  }
  return bytes;
}

describe('held face patches', () => {
  it('finds each row’s first opaque pixel and the one after its last', () => {
    const width = 7;
    const bytes = new Uint8Array(width * 3 * 4);
    bytes[(0 * width + 2) * 4 + 3] = 255;
    bytes[(0 * width + 4) * 4 + 3] = 1;
    bytes[(2 * width + 6) * 4 + 3] = 9;
    expect([...opaqueColumnsOf(bytes, 0, width, 3)]).toEqual([2, 5, 7, 7, 6, 7]);
  });

  it('finds each row’s longest run of opaque pixels', () => {
    const width = 9;
    const bytes = new Uint8Array(width * 3 * 4);
    for (const x of [1, 2, 4, 5, 6]) bytes[(0 * width + x) * 4 + 3] = 255;
    for (const x of [6, 7, 8]) bytes[(2 * width + x) * 4 + 3] = 255;
    expect([...longestOpaqueRuns(bytes, 0, width, 3)]).toEqual([4, 7, 0, 0, 6, 9]);
  });

  it('finds exactly the pixels of a span whose patch column falls in a run', () => {
    const next = random(11);
    for (let trial = 0; trial < 2000; trial += 1) {
      const span = {
        count: 1 + Math.floor(next() * 300),
        u: Math.floor((next() * 200 - 50) * FIXED_ONE),
        du: 1 + Math.floor(next() * 4 * FIXED_ONE),
      };
      const first = Math.floor(next() * 150);
      const end = first + Math.floor(next() * 100);
      const inside: number[] = [];
      for (let k = 0; k < span.count; k += 1) {
        const column = (span.u + k * span.du) >> 16;
        if (column >= first && column < end) inside.push(k);
      }
      const found = solidPixels(span, first, end);
      if (inside.length === 0) expect(found).toBeNull();
      else expect(found).toEqual({ first: inside[0], end: (inside.at(-1) ?? 0) + 1 });
    }
  });

  it('lays every output pixel whose nearest patch pixel is opaque', () => {
    const next = random(5);
    for (let trial = 0; trial < 40; trial += 1) {
      const width = 20 + Math.floor(next() * 120);
      const height = 20 + Math.floor(next() * 120);
      const columns = opaqueColumnsOf(randomPatch(next, width, height), 0, width, height);
      // Output → patch pixels: scaled (about 2×, as a held face's patch is) and moved.
      const a = 1.2 + next() * 1.6;
      const back: Affine = {
        a,
        b: 0,
        c: 0,
        d: a * (0.9 + next() * 0.2),
        e: -next() * 40,
        f: -next() * 40,
      };
      const left = 0;
      const right = Math.ceil((width - back.e) / back.a) + 2;
      let checked = 0;
      for (let row = 0; row < Math.ceil((height - back.f) / back.d); row += 1) {
        const centreY = row + 0.5;
        const laid = opaqueOutputColumns(columns, back, centreY, left, right);
        const v = Math.floor(Math.floor((back.d * centreY + back.f) * FIXED_ONE) / FIXED_ONE);
        for (let x = left; x < right; x += 1) {
          const u = Math.floor(back.a * (x + 0.5) + back.c * centreY + back.e);
          if (u < 0 || u >= width || v < 0 || v >= height) continue;
          const from = columns[v * 2] ?? 0;
          const end = columns[v * 2 + 1] ?? 0;
          if (u < from || u >= end) continue;
          checked += 1;
          expect(laid, `row ${row}, x ${x}`).not.toBeNull();
          expect(x).toBeGreaterThanOrEqual(laid?.from ?? Infinity);
          expect(x).toBeLessThan(laid?.to ?? -Infinity);
        }
      }
      expect(checked).toBeGreaterThan(0);
    }
  });

  it('lays the whole row of a patch turned on the frame', () => {
    const columns = new Int32Array([3, 4, 0, 0]);
    const turned: Affine = { a: 1, b: 0.1, c: -0.1, d: 1, e: 0, f: 0 };
    expect(opaqueOutputColumns(columns, turned, 0.5, 10, 90)).toEqual({ from: 10, to: 90 });
  });
});
