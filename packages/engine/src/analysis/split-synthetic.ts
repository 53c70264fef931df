// Test images painted in code (used by the analysis tests only): a textured "portrait"
// that can be repainted shifted, scaled, turned or brightened — the same person
// photographed twice — and composites of two such photos, with or without a gutter.
import { createRaster, type Raster } from '../raster.ts';
import type { Rect } from '../geometry.ts';

export type Rgb = readonly [number, number, number];

/** mulberry32: a small seeded generator, so every test image is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PortraitLook {
  seed?: number;
  /** Moves the person, as a share of the panel (0.02 = 2 %). */
  shiftX?: number;
  shiftY?: number;
  scale?: number;
  /** Degrees, clockwise. */
  turn?: number;
  brightness?: number;
  /** Per-pixel sensor noise amplitude, in grey levels; new noise on every paint. */
  noise?: number;
  /** A backdrop that only changes from top to bottom, the same at both side edges. */
  isPlainBackdrop?: boolean;
  noiseSeed?: number;
}

/** Smooth seeded texture: bilinear interpolation of a random lattice, 0..1. */
function lattice(seed: number, cells: number): (u: number, v: number) => number {
  const random = seededRandom(seed);
  const size = cells + 2;
  const grid = Float32Array.from({ length: size * size }, () => random());
  return (u, v) => {
    const x = Math.max(0, Math.min(cells, u * cells));
    const y = Math.max(0, Math.min(cells, v * cells));
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const at = (i: number, j: number) => grid[j * size + i] ?? 0;
    const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
    const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
}

const inEllipse = (u: number, v: number, cu: number, cv: number, ru: number, rv: number) =>
  ((u - cu) / ru) ** 2 + ((v - cv) / rv) ** 2 <= 1;

export function paintPortrait(width: number, height: number, look: PortraitLook = {}): Raster {
  const seed = look.seed ?? 1;
  const coarse = lattice(seed, 6);
  const fine = lattice(seed + 1, 48);
  const sensor = seededRandom(look.noiseSeed ?? seed + 2);
  const scale = look.scale ?? 1;
  const angle = ((look.turn ?? 0) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const raster = createRaster(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // Panel position → position on the person (undo the shift, scale and turn).
      const pu = (x + 0.5) / width - 0.5 - (look.shiftX ?? 0);
      const pv = (y + 0.5) / height - 0.5 - (look.shiftY ?? 0);
      const u = (cos * pu + sin * pv) / scale + 0.5;
      const v = (-sin * pu + cos * pv) / scale + 0.5;
      const rgb = personAt(u, v, coarse(u, v), fine(u, v), look.isPlainBackdrop === true);
      const gain = look.brightness ?? 1;
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c += 1) {
        raster.data[i + c] = (rgb[c] ?? 0) * gain + (sensor() - 0.5) * 2 * (look.noise ?? 3);
      }
      raster.data[i + 3] = 255;
    }
  }
  return raster;
}

function personAt(u: number, v: number, coarse: number, fine: number, isPlain: boolean): Rgb {
  const grain = (fine - 0.5) * 30;
  if (inEllipse(u, v, 0.42, 0.41, 0.03, 0.016) || inEllipse(u, v, 0.58, 0.41, 0.03, 0.016)) {
    return [40, 30, 30];
  }
  if (inEllipse(u, v, 0.5, 0.56, 0.07, 0.014)) return [170, 70, 80];
  if (inEllipse(u, v, 0.5, 0.44, 0.19, 0.25) && v > 0.26) {
    const shade = 30 * (u - 0.5);
    return [205 + shade + grain, 150 + shade + grain, 125 + shade + grain];
  }
  if (inEllipse(u, v, 0.5, 0.33, 0.24, 0.2)) return [70 + grain, 45 + grain, 30 + grain];
  if (inEllipse(u, v, 0.5, 1.05, 0.44, 0.34)) {
    const stripe = Math.sin(u * 60) > 0.6 ? 25 : 0;
    return [40 + stripe + grain, 60 + stripe + grain, 110 + stripe + grain];
  }
  if (isPlain) return [150 - 50 * v, 160 - 50 * v, 175 - 50 * v];
  const base = 60 + 110 * u + 60 * coarse + grain;
  const leaf = inEllipse(u, v, 0.12, 0.3, 0.07, 0.16) || inEllipse(u, v, 0.86, 0.68, 0.06, 0.12);
  return leaf
    ? [50 + grain, 120 + grain, 60 + grain]
    : [base, base * 0.9 + 20 * v, base * 0.8 + 30];
}

export interface Gap {
  size: number;
  fill: Rgb;
  /** Random darkening up to this many levels, like JPEG noise in a white gutter. */
  jitter?: number;
}

/** Before then after, along x (side by side) or y (stacked), with an optional gap. */
export function compose(axis: 'x' | 'y', before: Raster, after: Raster, gap?: Gap): Raster {
  const size = gap?.size ?? 0;
  const isSideBySide = axis === 'x';
  const width = isSideBySide
    ? before.width + size + after.width
    : Math.max(before.width, after.width);
  const height = isSideBySide
    ? Math.max(before.height, after.height)
    : before.height + size + after.height;
  const out = createRaster(width, height);
  if (gap) fillRect(out, { x: 0, y: 0, width, height }, gap.fill, gap.jitter);
  paste(out, before, 0, 0);
  paste(
    out,
    after,
    isSideBySide ? before.width + size : 0,
    isSideBySide ? 0 : before.height + size,
  );
  return out;
}

export function paste(target: Raster, source: Raster, left: number, top: number): void {
  for (let y = 0; y < source.height; y += 1) {
    const row = source.data.subarray(y * source.width * 4, (y + 1) * source.width * 4);
    target.data.set(row, ((top + y) * target.width + left) * 4);
  }
}

export function fillRect(target: Raster, rect: Rect, fill: Rgb, jitter = 0): void {
  const random = seededRandom(rect.x * 31 + rect.y);
  for (let y = rect.y; y < rect.y + rect.height; y += 1) {
    for (let x = rect.x; x < rect.x + rect.width; x += 1) {
      const i = (y * target.width + x) * 4;
      const dent = jitter > 0 ? Math.round(random() * jitter) : 0;
      target.data.set([fill[0] - dent, fill[1] - dent, fill[2] - dent, 255], i);
    }
  }
}
