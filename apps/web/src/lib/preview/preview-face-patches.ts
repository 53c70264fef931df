import { createFacePatches, type Canvas2D, type FacePatches } from '@glowreel/engine';

/**
 * Face patches on offscreen canvases: a held face is warped once and then drawn like the
 * photo, as the server render does, so the preview shows the same pixels. Keep one per
 * player, so the patch survives from frame to frame.
 */
export function createPreviewFacePatches(): FacePatches<CanvasImageSource> {
  return createFacePatches((width, height) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Could not get canvas context');
    // See use-preview-player.ts: the DOM context is the engine's Canvas2D in all but overloads.
    const engineContext = context as unknown as Canvas2D<CanvasImageSource>;
    return { image: canvas, context: engineContext, width, height };
  });
}
