import { cropRaster, detectPanels, type Rect } from '@glowreel/engine';
import { decodePhoto, rasterToCanvas } from './decode-photo.ts';

/** The part of the engine's panel detection the screen uses. */
export interface PanelSplit {
  layout: 'side-by-side' | 'stacked';
  before: Rect;
  after: Rect;
  isFallback: boolean;
  /** A short explanation for people, e.g. 'white gutter found at x 900–919'. */
  reason: string;
}

/** A chosen photo, cut into its before and after panels the way the server render cuts it. */
export interface AnalyzedPhoto {
  fileName: string;
  /** The file's own pixel size. */
  width: number;
  height: number;
  split: PanelSplit;
  before: HTMLCanvasElement;
  after: HTMLCanvasElement;
}

export async function analyzePhoto(file: File): Promise<AnalyzedPhoto> {
  const decoded = await decodePhoto(file);
  // detectPanels is the same pure function the server runs, on the same RGBA layout.
  const split: PanelSplit = detectPanels(decoded.raster);
  return {
    fileName: file.name,
    width: decoded.width,
    height: decoded.height,
    split,
    before: rasterToCanvas(cropRaster(decoded.raster, split.before)),
    after: rasterToCanvas(cropRaster(decoded.raster, split.after)),
  };
}

/** What the split detection found, in words the clinic can check against the preview. */
export function describeSplit(split: PanelSplit): string {
  if (split.isFallback) {
    return `Before/after split not found (${split.reason}). Check that the preview shows the right halves.`;
  }
  return `Before/after split found: ${split.layout === 'side-by-side' ? 'side by side' : 'stacked'}`;
}
