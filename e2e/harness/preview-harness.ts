// Bundled into a blank Chromium page by preview-equals-render.spec.ts: draws one frame
// of a scene with the engine's timeline on an HTML canvas, exactly as the preview does.
import {
  buildScene,
  createFacePatches,
  draw,
  evaluate,
  type Canvas2D,
  type SceneInput,
} from '@glowreel/engine';

interface PanelPixels {
  width: number;
  height: number;
  rgbaBase64: string;
}

function toCanvas(panel: PanelPixels): HTMLCanvasElement {
  const bytes = Uint8ClampedArray.from(atob(panel.rgbaBase64), (char) => char.charCodeAt(0));
  const canvas = document.createElement('canvas');
  canvas.width = panel.width;
  canvas.height = panel.height;
  canvas.getContext('2d')?.putImageData(new ImageData(bytes, panel.width, panel.height), 0, 0);
  return canvas;
}

interface HarnessFont {
  family: string;
  weight: string;
  unicodeRange: string;
  base64: string;
}

async function loadFonts(fonts: HarnessFont[]): Promise<void> {
  for (const font of fonts) {
    const bytes = Uint8Array.from(atob(font.base64), (char) => char.charCodeAt(0));
    const face = new FontFace(font.family, bytes, {
      weight: font.weight,
      unicodeRange: font.unicodeRange,
    });
    document.fonts.add(await face.load());
  }
}

/** An offscreen canvas for face patches, as the web preview makes them. */
function offscreenSurface(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  return {
    image: canvas,
    context: context as unknown as Canvas2D<HTMLCanvasElement>,
    width,
    height,
  };
}

async function renderPreviewFrame(
  input: SceneInput,
  panels: { before: PanelPixels; after: PanelPixels },
  fonts: HarnessFont[],
  seconds: number,
): Promise<string> {
  await loadFonts(fonts);
  const scene = buildScene(input);
  const canvas = document.createElement('canvas');
  canvas.width = scene.width;
  canvas.height = scene.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const assets = { before: toCanvas(panels.before), after: toCanvas(panels.after), logo: null };
  // The DOM context satisfies the engine's Canvas 2D interface; the cast names the image type.
  draw(context as unknown as Canvas2D<HTMLCanvasElement>, scene, evaluate(scene, seconds), assets, {
    logoSize: null,
    facePatches: createFacePatches(offscreenSurface),
  });
  const data = context.getImageData(0, 0, scene.width, scene.height).data;
  let binary = '';
  for (let i = 0; i < data.length; i += 0x8000)
    binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
}

(window as unknown as { renderPreviewFrame: typeof renderPreviewFrame }).renderPreviewFrame =
  renderPreviewFrame;
