// The compositor's WebAssembly loops against the same arithmetic written out in JavaScript
// (to the bit), and against floating-point bilinear sampling and alpha blending (within a
// level), on random photos, positions, steps and coverages.
import { describe, expect, it } from 'vitest';
import { createCompositorKernels, type CompositorKernels } from './compositor-kernels.ts';

const ONE = 65_536;

interface Setup {
  kernels: CompositorKernels;
  bytes: Uint8Array;
}

function setup(pages = 64): Setup {
  const { WebAssembly: wasm } = globalThis as unknown as {
    WebAssembly: { Memory: new (descriptor: { initial: number }) => CompositorKernels['memory'] };
  };
  const memory = new wasm.Memory({ initial: pages });
  return { kernels: createCompositorKernels(memory), bytes: new Uint8Array(memory.buffer) };
}

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const PHOTO = { address: 0, width: 37, height: 23 };
const PHOTO_BYTES = (PHOTO.width * (PHOTO.height + 1) + 4) * 4;
const DST = 16 * Math.ceil(PHOTO_BYTES / 16);
const TEMP = DST + 4096 * 4;

function fillPhoto(bytes: Uint8Array, next: () => number): void {
  for (let i = 0; i < PHOTO_BYTES; i += 1) bytes[i] = Math.floor(next() * 256);
  for (let i = 3; i < PHOTO.width * PHOTO.height * 4; i += 4) bytes[i] = 255;
}

/** Random opaque pixels at DST (frames are opaque), and a copy of them. */
function fillDestination(bytes: Uint8Array, count: number, next: () => number): Uint8Array {
  for (let i = 0; i < count * 4; i += 1)
    bytes[DST + i] = i % 4 === 3 ? 255 : Math.floor(next() * 256);
  return bytes.slice(DST, DST + count * 4);
}

/**
 * How far a 7-bit-weight sample can be from exact bilinear on a photo of noise: a position up
 * to a 128th of a pixel off along each axis (neighbours up to 255 apart), and two roundings.
 */
const WEIGHT_STEP_LEVELS = (2 * 255) / 128 + 1;

/** The kernels' bilinear sample, written out: 7-bit weights, down then across, each rounded. */
function specSample(bytes: Uint8Array, u: number, v: number, channel: number): number {
  const uMax = (PHOTO.width - 1) * ONE;
  const vMax = (PHOTO.height - 1) * ONE;
  const uc = Math.min(uMax, Math.max(0, u));
  const vc = Math.min(vMax, Math.max(0, v));
  const x = Math.floor(uc / ONE);
  const y = Math.floor(vc / ONE);
  const fx = (uc >> 9) & 127;
  const fy = (vc >> 9) & 127;
  const at = (px: number, py: number) => bytes[(py * PHOTO.width + px) * 4 + channel] ?? 0;
  const down = (px: number) => (at(px, y) * (128 - fy) + at(px, y + 1) * fy + 64) >> 7;
  return (down(x) * (128 - fx) + down(x + 1) * fx + 64) >> 7;
}

/** Bilinear sampling in floating point, clamped to the photo's texel centres. */
function floatSample(bytes: Uint8Array, u: number, v: number, channel: number): number {
  const uc = Math.min(PHOTO.width - 1, Math.max(0, u / ONE));
  const vc = Math.min(PHOTO.height - 1, Math.max(0, v / ONE));
  const x = Math.floor(uc);
  const y = Math.floor(vc);
  const fx = uc - x;
  const fy = vc - y;
  const at = (px: number, py: number) =>
    bytes[
      (Math.min(py, PHOTO.height - 1) * PHOTO.width + Math.min(px, PHOTO.width - 1)) * 4 + channel
    ] ?? 0;
  const top = at(x, y) * (1 - fx) + at(x + 1, y) * fx;
  const bottom = at(x, y + 1) * (1 - fx) + at(x + 1, y + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

function specMixed(sample: number, under: number, coverage: number): number {
  return coverage >= 256 ? sample : (sample * coverage + under * (256 - coverage) + 128) >> 8;
}

describe('compositor kernels', () => {
  it('sampleSpan is the written-out bilinear sample, near exact bilinear, mixed by coverage', () => {
    const { kernels, bytes } = setup();
    const next = random(7);
    fillPhoto(bytes, next);
    for (let trial = 0; trial < 300; trial += 1) {
      const count = 1 + Math.floor(next() * 60);
      // Starts and steps that reach past every edge of the photo, and turned ones.
      const u = Math.round((next() * 50 - 6) * ONE);
      const v = Math.round((next() * 34 - 5) * ONE);
      const du = Math.round((next() * 3 - 1.5) * ONE);
      const dv = Math.round((next() * 2 - 1) * ONE);
      const coverage = next() < 0.5 ? 256 : Math.floor(next() * 257);
      const under = fillDestination(bytes, count, next);
      kernels.sampleSpan(
        PHOTO.address,
        PHOTO.width,
        PHOTO.height,
        DST,
        count,
        u,
        v,
        du,
        dv,
        coverage,
      );
      for (let k = 0; k < count; k += 1) {
        for (let channel = 0; channel < 4; channel += 1) {
          const got = bytes[DST + k * 4 + channel] ?? -1;
          const sample = specSample(bytes, u + k * du, v + k * dv, channel);
          expect(got).toBe(specMixed(sample, under[k * 4 + channel] ?? 0, coverage));
          if (coverage === 256) {
            const exact = floatSample(bytes, u + k * du, v + k * dv, channel);
            expect(Math.abs(got - exact)).toBeLessThanOrEqual(WEIGHT_STEP_LEVELS);
          }
        }
      }
    }
  });

  it('sampleSpan paints a span inside the photo, four pixels at a time, as the written-out sample', () => {
    const { kernels, bytes } = setup();
    const next = random(11);
    fillPhoto(bytes, next);
    for (let trial = 0; trial < 400; trial += 1) {
      // Every remainder of a four-pixel step, turned and scaled steps both ways, each span's
      // first and last samples inside the photo (the fast path's condition).
      const count = 1 + (trial % 41);
      const du = Math.round((next() * 1.6 - 0.8) * ONE);
      const dv = Math.round((next() * 1.0 - 0.5) * ONE);
      const uLow = Math.max(0, -(count - 1) * du);
      const uHigh = (PHOTO.width - 1) * ONE - Math.max(0, (count - 1) * du);
      const vLow = Math.max(0, -(count - 1) * dv);
      const vHigh = (PHOTO.height - 1) * ONE - Math.max(0, (count - 1) * dv);
      if (uHigh < uLow || vHigh < vLow) continue;
      const u = Math.floor(uLow + next() * (uHigh - uLow));
      const v = Math.floor(vLow + next() * (vHigh - vLow));
      fillDestination(bytes, count, next);
      kernels.sampleSpan(PHOTO.address, PHOTO.width, PHOTO.height, DST, count, u, v, du, dv, 256);
      for (let k = 0; k < count; k += 1) {
        for (let channel = 0; channel < 4; channel += 1) {
          const got = bytes[DST + k * 4 + channel] ?? -1;
          expect(got).toBe(specSample(bytes, u + k * du, v + k * dv, channel));
        }
      }
    }
  });

  it('sampleRow paints what sampleSpan paints along one row', () => {
    const { kernels, bytes } = setup();
    const next = random(11);
    fillPhoto(bytes, next);
    for (let trial = 0; trial < 300; trial += 1) {
      const count = 1 + Math.floor(next() * 80);
      // Half the spans stay inside the photo (the loops that take four and two pixels at a time).
      const staysInside = trial % 2 === 0;
      const u = staysInside ? Math.round(next() * 4 * ONE) : Math.round((next() * 50 - 6) * ONE);
      const v = Math.round((next() * 34 - 5) * ONE);
      // Whole rows too (v on a photo row), which sampleRow reads without blending down.
      const onRow = next() < 0.3 ? Math.round(v / ONE) * ONE : v;
      const du = staysInside
        ? Math.max(1, Math.floor((((PHOTO.width - 1) * ONE - u) / Math.max(1, count - 1)) * next()))
        : Math.max(1, Math.round(next() * 2.5 * ONE));
      const coverage = staysInside || next() < 0.5 ? 256 : Math.floor(next() * 257);
      const under = fillDestination(bytes, count, next);
      kernels.sampleSpan(
        PHOTO.address,
        PHOTO.width,
        PHOTO.height,
        DST,
        count,
        u,
        onRow,
        du,
        0,
        coverage,
      );
      const expected = bytes.slice(DST, DST + count * 4);
      bytes.set(under, DST);
      kernels.sampleRow(
        PHOTO.address,
        PHOTO.width,
        PHOTO.height,
        DST,
        count,
        u,
        onRow,
        du,
        coverage,
        TEMP,
      );
      expect(bytes.slice(DST, DST + count * 4)).toEqual(expected);
    }
  });

  it('sampleRows paints what one sampleRow a row paints, each row at v rounded as Math.round', () => {
    const { kernels, bytes } = setup();
    const next = random(29);
    fillPhoto(bytes, next);
    // Random placements, then two whose every row lands exactly halfway between two 16.16
    // steps, above and below zero (the ties Math.round takes upwards).
    const placements = [
      ...Array.from({ length: 200 }, () => ({
        vScale: (next() * 2.5 + 0.05) * (next() < 0.1 ? -1 : 1),
        vOffset: next() * 40 - 8,
      })),
      { vScale: 2 ** -16, vOffset: 0.5 },
      { vScale: 2 ** -16, vOffset: 0.5 - 2 ** -10 },
    ];
    for (const { vScale, vOffset } of placements) {
      const rows = 1 + Math.floor(next() * 8);
      const count = 1 + Math.floor(next() * 60);
      const rowBytes = (count + Math.floor(next() * 4)) * 4;
      const firstRow = Math.floor(next() * 40) - 5;
      const u = Math.round((next() * 50 - 6) * ONE);
      const du = Math.max(1, Math.round(next() * 2.5 * ONE));
      const coverage = next() < 0.5 ? 256 : Math.floor(next() * 257);
      const under = fillDestination(bytes, (rows * rowBytes) / 4, next);
      for (let r = 0; r < rows; r += 1) {
        const v = Math.round((vScale * (firstRow + r + 0.5) + vOffset - 0.5) * ONE);
        kernels.sampleRow(
          PHOTO.address,
          PHOTO.width,
          PHOTO.height,
          DST + r * rowBytes,
          count,
          u,
          v,
          du,
          coverage,
          TEMP,
        );
      }
      const expected = bytes.slice(DST, DST + rows * rowBytes);
      bytes.set(under, DST);
      kernels.sampleRows(
        PHOTO.address,
        PHOTO.width,
        PHOTO.height,
        DST,
        rowBytes,
        rows,
        count,
        u,
        du,
        coverage,
        TEMP,
        firstRow,
        vScale,
        vOffset,
      );
      expect(bytes.slice(DST, DST + rows * rowBytes)).toEqual(expected);
    }
  });

  it('warpTriangle paints the pixels whose centres lie inside the outline, inside its box', () => {
    const { kernels, bytes } = setup();
    const next = random(5);
    fillPhoto(bytes, next);
    const frame = { width: 64, height: 48 };
    const rowBytes = frame.width * 4;
    const points = TEMP;
    const outlineView = new Float64Array(bytes.buffer, points, 12);
    for (let trial = 0; trial < 60; trial += 1) {
      // A triangle, and the same one with a corner cut (five points), both convex.
      const centre = { x: next() * frame.width, y: next() * frame.height };
      const corners = [0, 1, 2].map((k) => {
        const angle = (k * 2 * Math.PI) / 3 + next();
        const reach = 4 + next() * 20;
        return { x: centre.x + Math.cos(angle) * reach, y: centre.y + Math.sin(angle) * reach };
      });
      const outline = next() < 0.5 ? corners : cutCorner(corners);
      outline.forEach((p, k) => {
        outlineView[k * 2] = p.x;
        outlineView[k * 2 + 1] = p.y;
      });
      const box = { left: 5, top: 3, right: 60, bottom: 44 };
      const back = { a: 0.6, b: 0.1, c: -0.12, d: 0.55, e: 2.5, f: 1.25 };
      const before = fillDestination(bytes, frame.width * frame.height, next);
      kernels.warpTriangle(
        PHOTO.address,
        PHOTO.width,
        PHOTO.height,
        DST,
        rowBytes,
        points,
        outline.length,
        back.a,
        back.b,
        back.c,
        back.d,
        back.e,
        back.f,
        box.left,
        box.top,
        box.right,
        box.bottom,
      );
      for (let y = 0; y < frame.height; y += 1) {
        for (let x = 0; x < frame.width; x += 1) {
          const i = y * rowBytes + x * 4;
          const centre = { x: x + 0.5, y: y + 0.5 };
          const painted =
            x >= box.left &&
            x < box.right &&
            y >= box.top &&
            y < box.bottom &&
            inside(outline, centre);
          const got = bytes[DST + i] ?? -1;
          if (!painted) {
            expect(got).toBe(before[i]);
            continue;
          }
          // The sampler steps along the row from the span's first pixel, so a pixel's position
          // can be a rounding step away from its own centre's: compare with exact bilinear.
          const u = (back.a * centre.x + back.c * centre.y + back.e - 0.5) * ONE;
          const v = (back.b * centre.x + back.d * centre.y + back.f - 0.5) * ONE;
          expect(Math.abs(got - floatSample(bytes, u, v, 0))).toBeLessThanOrEqual(
            WEIGHT_STEP_LEVELS,
          );
        }
      }
    }
  });

  it('patchSpan lays the opaque pixels of a patch, nearest pixel, mixed by coverage', () => {
    const { kernels, bytes } = setup();
    const next = random(13);
    // A patch opaque in places and transparent elsewhere, as a held face's is.
    for (let k = 0; k < PHOTO.width * PHOTO.height; k += 1) {
      for (let channel = 0; channel < 3; channel += 1)
        bytes[k * 4 + channel] = Math.floor(next() * 256);
      bytes[k * 4 + 3] = next() < 0.6 ? 255 : 0;
    }
    for (let trial = 0; trial < 400; trial += 1) {
      const count = 1 + Math.floor(next() * 70);
      // Spans inside the patch (four pixels at a time) and spans that leave it.
      const staysInside = trial % 2 === 0;
      const u = Math.round((staysInside ? next() * 5 : next() * 50 - 8) * ONE);
      const v = Math.round((staysInside ? next() * (PHOTO.height - 1) : next() * 34 - 6) * ONE);
      const du = staysInside
        ? Math.floor((((PHOTO.width - 1) * ONE - u) / Math.max(1, count - 1)) * next())
        : Math.round((next() * 2 - 0.5) * ONE);
      const dv = staysInside ? 0 : Math.round((next() - 0.5) * ONE);
      const coverage = staysInside || next() < 0.5 ? 256 : Math.floor(next() * 257);
      const under = fillDestination(bytes, count, next);
      kernels.patchSpan(
        PHOTO.address,
        PHOTO.width,
        PHOTO.height,
        DST,
        count,
        u,
        v,
        du,
        dv,
        coverage,
      );
      for (let k = 0; k < count; k += 1) {
        const x = Math.floor((u + k * du) / ONE);
        const y = Math.floor((v + k * dv) / ONE);
        const texel = (y * PHOTO.width + x) * 4;
        const laid =
          x >= 0 && x < PHOTO.width && y >= 0 && y < PHOTO.height && bytes[texel + 3] === 255;
        for (let channel = 0; channel < 4; channel += 1) {
          const d = under[k * 4 + channel] ?? 0;
          const expected = laid ? specMixed(bytes[texel + channel] ?? 0, d, coverage) : d;
          expect(bytes[DST + k * 4 + channel]).toBe(expected);
        }
      }
    }
  });

  it('overSpan lays premultiplied pixels over opaque ones, rounded, and keeps them opaque', () => {
    const { kernels, bytes } = setup();
    const next = random(3);
    const count = 4099;
    const src = 0;
    // Premultiplied: no channel above its alpha.
    for (let k = 0; k < count; k += 1) {
      const alpha = k < 400 ? 0 : k < 800 ? 255 : Math.floor(next() * 256);
      for (let channel = 0; channel < 3; channel += 1) {
        bytes[src + k * 4 + channel] = Math.floor(next() * (alpha + 1));
      }
      bytes[src + k * 4 + 3] = alpha;
    }
    const under = fillDestination(bytes, count, next);
    kernels.overSpan(src, DST, count);
    for (let k = 0; k < count; k += 1) {
      const alpha = bytes[src + k * 4 + 3] ?? 0;
      for (let channel = 0; channel < 3; channel += 1) {
        const s = bytes[src + k * 4 + channel] ?? 0;
        const d = under[k * 4 + channel] ?? 0;
        const got = bytes[DST + k * 4 + channel] ?? -1;
        expect(got).toBe(s + Math.round((d * (255 - alpha)) / 255));
      }
      expect(bytes[DST + k * 4 + 3]).toBe(255);
    }
  });

  it('mixSpan mixes one run of pixels into another by a share of 256', () => {
    const { kernels, bytes } = setup();
    const next = random(9);
    const count = 1027;
    for (let i = 0; i < count * 4; i += 1) bytes[i] = Math.floor(next() * 256);
    for (const amount of [0, 1, 77, 128, 255, 256]) {
      const under = fillDestination(bytes, count, next);
      kernels.mixSpan(0, DST, count, amount);
      for (let i = 0; i < count * 4; i += 1) {
        const expected = ((bytes[i] ?? 0) * amount + (under[i] ?? 0) * (256 - amount) + 128) >> 8;
        expect(bytes[DST + i]).toBe(expected);
      }
    }
  });

  it('copyRows copies a rectangle of rows and nothing around it', () => {
    const { kernels, bytes } = setup();
    const next = random(9);
    const rowBytes = 40;
    const source = 0;
    const target = 4096;
    for (let i = 0; i < 400; i += 1) bytes[source + i] = Math.floor(next() * 256);
    const before = bytes.slice(target, target + 400);
    // Rows 2–5, bytes 8–19 of each.
    kernels.copyRows(source + 2 * rowBytes + 8, target + 2 * rowBytes + 8, rowBytes, 4, 12);
    const expected = before.slice();
    for (let row = 2; row < 6; row += 1) {
      const start = row * rowBytes + 8;
      expected.set(bytes.subarray(source + start, source + start + 12), start);
    }
    expect(Buffer.from(expected).equals(Buffer.from(before))).toBe(false);
    expect(Buffer.from(bytes.subarray(target, target + 400)).equals(Buffer.from(expected))).toBe(
      true,
    );
  });
});

function cutCorner(corners: { x: number; y: number }[]): { x: number; y: number }[] {
  const [a, b, c] = corners;
  if (!a || !b || !c) return corners;
  const mix = (p: { x: number; y: number }, q: { x: number; y: number }, t: number) => ({
    x: p.x + (q.x - p.x) * t,
    y: p.y + (q.y - p.y) * t,
  });
  return [mix(a, b, 0.2), mix(a, b, 0.8), b, c, mix(c, a, 0.5)];
}

/** Whether `point` lies inside the convex outline (either winding). */
function inside(
  outline: readonly { x: number; y: number }[],
  point: { x: number; y: number },
): boolean {
  let sign = 0;
  for (let k = 0; k < outline.length; k += 1) {
    const p = outline[k];
    const q = outline[(k + 1) % outline.length];
    if (!p || !q) continue;
    const cross = (q.x - p.x) * (point.y - p.y) - (q.y - p.y) * (point.x - p.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}
