import {
  cropRaster,
  detectPanels,
  findTreatedArea,
  panelsFromPair,
  type BurnedInLabels,
  type Rect,
} from '@glowreel/engine';
import { decodePhoto, rasterToCanvas, resizeToRaster, type DecodedPhoto } from './decode-photo.ts';

/** The part of the engine's panel detection the screen uses. */
export interface PanelSplit {
  layout: 'side-by-side' | 'stacked';
  before: Rect;
  after: Rect;
  isFallback: boolean;
  /** 0..1: how sure the split detection is. */
  confidence: number;
  /** A short explanation for people, e.g. 'white gutter found at x 900–919'. */
  reason: string;
  /** BEFORE/AFTER labels already in the photo, each in its own panel's pixels. */
  burnedInLabels: BurnedInLabels;
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
  /**
   * Where the panels differ most, in before-panel pixels: what "Highlight the treated
   * area" circles. Found on the unaligned panels; the render repeats it after aligning
   * the faces, so its circle can sit slightly differently.
   */
  treatedArea: Rect;
}

export async function analyzePhoto(file: File): Promise<AnalyzedPhoto> {
  const decoded = await decodePhoto(file);
  // detectPanels is the same pure function the server runs, on the same RGBA layout.
  const split: PanelSplit = detectPanels(decoded.raster);
  const beforeRaster = cropRaster(decoded.raster, split.before);
  const before = rasterToCanvas(beforeRaster);
  const after = rasterToCanvas(cropRaster(decoded.raster, split.after));
  const { rect } = findTreatedArea(beforeRaster, resizeToRaster(after, beforeRaster));
  return {
    fileName: file.name,
    width: decoded.width,
    height: decoded.height,
    split,
    before,
    after,
    treatedArea: rect,
  };
}

/** One photo of a pair, decoded, with the name it was chosen under. */
export interface PairPhoto {
  fileName: string;
  decoded: DecodedPhoto;
}

/**
 * Two separate photos as the render composes them (packages/engine panelsFromPair, as for the
 * API's before_image/after_image): each panel is its whole photo, nothing is cut.
 */
export function analyzePair(before: PairPhoto, after: PairPhoto): AnalyzedPhoto {
  const pair = panelsFromPair(before.decoded.raster, after.decoded.raster);
  const beforeCanvas = rasterToCanvas(before.decoded.raster);
  const afterCanvas = rasterToCanvas(after.decoded.raster);
  const { rect } = findTreatedArea(
    before.decoded.raster,
    resizeToRaster(afterCanvas, before.decoded.raster),
  );
  return {
    fileName: `${before.fileName} + ${after.fileName}`,
    // The before photo's own size: the render reports the pair by its first photo too.
    width: before.decoded.width,
    height: before.decoded.height,
    split: pair,
    before: beforeCanvas,
    after: afterCanvas,
    treatedArea: rect,
  };
}

/** What the split detection found, in words the clinic can check against the preview. */
export function describeSplit(split: PanelSplit): string {
  if (split.isFallback) {
    return `Before/after split not found (${split.reason}). Check that the preview shows the right halves.`;
  }
  return `Before/after split found: ${split.layout === 'side-by-side' ? 'side by side' : 'stacked'}`;
}
