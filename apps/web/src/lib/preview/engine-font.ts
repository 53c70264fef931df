import {
  BUNDLED_FONT_FILES,
  TYPEFACE_DEFINITIONS,
  canvasMeasure,
  findUnappliedFont,
  type MeasureText,
} from '@glowreel/engine';
import { useSyncExternalStore } from 'react';
import { ENGINE_FONT_URLS } from './engine-font-urls.ts';

// CREATIVE.md point 8: the preview loads the very font files the server render registers
// (packages/engine/src/node/fonts.ts), all three typefaces, before its first measurement,
// so labels, captions and the end card measure and wrap the same as in the MP4.

type FontStatus = 'loading' | 'ready' | 'failed';

let status: FontStatus = 'loading';
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

async function addFontFaces(): Promise<void> {
  await Promise.all(
    BUNDLED_FONT_FILES.map(async (file) => {
      const url = ENGINE_FONT_URLS[file.specifier];
      if (!url) throw new Error(`the preview bundles no URL for the engine font ${file.specifier}`);
      const face = new FontFace(file.family, `url(${url})`, {
        weight: String(file.weight),
        unicodeRange: file.unicodeRange,
      });
      document.fonts.add(await face.load());
    }),
  );
}

/** Throws unless every typeface both reports loaded and measures unlike its fallback. */
function verifyFontFaces(): void {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) throw new Error('the preview has no 2D canvas to measure the engine fonts with');
  for (const { family, fallback } of Object.values(TYPEFACE_DEFINITIONS)) {
    for (const weight of [400, 700]) {
      if (!document.fonts.check(`${weight} 16px "${family}"`)) {
        throw new Error(`the engine font "${family}" ${weight} is not loaded`);
      }
    }
    const problem = findUnappliedFont({ family, fallback }, canvasMeasure(context));
    if (problem) throw new Error(problem);
  }
}

/** Loads every bundled typeface once; resolves when they are ready or have failed. */
export function loadEngineFonts(): Promise<void> {
  loading ??= addFontFaces()
    .then(verifyFontFaces)
    .then(
      () => setStatus('ready'),
      (error: unknown) => {
        // The font stacks end in a generic family, so the preview still draws readable text,
        // but it will not match the render: say so loudly for whoever looks.
        console.error('The preview could not load the video fonts', error);
        setStatus('failed');
      },
    );
  return loading;
}

/**
 * A MeasureText for fitText in the preview, once every typeface is loaded (a canvas keeps a
 * font it looked up before the font arrived, so nothing may measure earlier).
 */
export async function createPreviewTextMeasure(): Promise<MeasureText> {
  await loadEngineFonts();
  const context = document.createElement('canvas').getContext('2d');
  if (!context) throw new Error('the preview has no 2D canvas to measure text with');
  return canvasMeasure(context);
}

function setStatus(next: FontStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadEngineFonts();
  return () => listeners.delete(listener);
}

/** True once the engine fonts are usable (or have failed and the fallback will be drawn). */
export function useEngineFontSettled(): boolean {
  return useSyncExternalStore(subscribe, () => status !== 'loading');
}
