// Test images: a word in a 5×7 dot font, burned into a photo the way composite makers do it
// (light lettering on a half-transparent dark plate). Used by the label tests only.
import type { Rect } from '../geometry.ts';
import type { Raster } from '../raster.ts';

// Rows of 5 dots, top to bottom; just the letters the tests write.
const GLYPHS: Record<string, readonly string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
};

export interface BurnedLabel {
  text: string;
  /** Top-left corner of the plate, in the raster's pixels. */
  x: number;
  y: number;
  /** Pixels per font dot (a dot of 8 is lettering about 56 px tall). */
  dot: number;
  /** How dark the plate is: 0.59 is 59 % black over the photo. */
  plateOpacity?: number;
}

/**
 * Burns `label` into `raster` (in place) and returns the plate's rectangle: a padding of two
 * dots around the word, letters one dot apart.
 */
export function burnLabel(raster: Raster, label: BurnedLabel): Rect {
  const { dot } = label;
  const padding = 2 * dot;
  const plate = {
    x: label.x,
    y: label.y,
    width: padding * 2 + label.text.length * 6 * dot - dot,
    height: padding * 2 + 7 * dot,
  };
  const opacity = label.plateOpacity ?? 0.59;
  for (let y = plate.y; y < plate.y + plate.height; y += 1) {
    for (let x = plate.x; x < plate.x + plate.width; x += 1) {
      const i = (y * raster.width + x) * 4;
      for (let c = 0; c < 3; c += 1) raster.data[i + c] = (raster.data[i + c] ?? 0) * (1 - opacity);
    }
  }
  [...label.text].forEach((letter, index) => {
    const rows = GLYPHS[letter] ?? [];
    rows.forEach((row, r) => {
      [...row].forEach((bit, column) => {
        if (bit !== '1') return;
        const left = plate.x + padding + (index * 6 + column) * dot;
        const top = plate.y + padding + r * dot;
        for (let y = top; y < top + dot; y += 1) {
          raster.data.fill(255, (y * raster.width + left) * 4, (y * raster.width + left + dot) * 4);
        }
      });
    });
  });
  return plate;
}
