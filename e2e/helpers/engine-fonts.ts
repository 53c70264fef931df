import { readFileSync } from 'node:fs';
import { engineFontFiles } from '@glowreel/engine/node';

/** A bundled font file as the preview harness takes it: the bytes and how to register them. */
export interface HarnessFont {
  family: string;
  weight: string;
  unicodeRange: string;
  base64: string;
}

/** Every file the server registers, so the harness page draws with exactly the same fonts. */
export function harnessFonts(): HarnessFont[] {
  return engineFontFiles().map((file) => ({
    family: file.family,
    weight: String(file.weight),
    unicodeRange: file.unicodeRange,
    base64: readFileSync(file.path).toString('base64'),
  }));
}
