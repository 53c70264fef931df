import type { Aspect, Template } from '@glowreel/contracts';
import { TEMPLATE_THUMBNAIL_SECONDS, draw, evaluate, type Canvas2D } from '@glowreel/engine';
import { useEffect, useRef } from 'react';
import { createPreviewFacePatches } from '../../lib/preview/preview-face-patches.ts';
import { buildPreviewScene, type PreviewSettings } from '../../lib/preview/preview-scene.ts';
import type { AnalyzedPhoto } from '../../lib/preview/split-photo.ts';
import type { PreviewFaces } from '../../lib/preview/use-preview-faces.ts';

/** The thumbnail's long side in canvas pixels: sharp on a phone at twice its CSS width. */
const THUMBNAIL_LONG_SIDE = 320;

export interface TemplateThumbnailProps {
  template: Template;
  photo: AnalyzedPhoto;
  settings: PreviewSettings;
  logo: ImageBitmap | null;
  faces: PreviewFaces | null;
  /** False until the engine font is usable: text drawn before would have the wrong metrics. */
  isReady: boolean;
}

/**
 * One template drawn on the clinic's own photo at its representative moment, by the same
 * engine steps (buildScene, evaluate, draw) the preview and the render use. The engine draws
 * at the video's size (it resets the canvas transform), so the frame is painted full size once
 * and scaled down onto the small canvas.
 */
export function TemplateThumbnail({
  template,
  photo,
  settings,
  logo,
  faces,
  isReady,
}: TemplateThumbnailProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const aspect = settings.options.aspect;

  useEffect(() => {
    const target = canvasRef.current?.getContext('2d');
    if (!target || !isReady) return;
    const forTemplate = { ...settings, options: { ...settings.options, template } };
    const { scene } = buildPreviewScene(photo, forTemplate, logo !== null, faces);
    const frame = document.createElement('canvas');
    frame.width = scene.width;
    frame.height = scene.height;
    const context = frame.getContext('2d');
    if (!context) return;
    // See use-preview-player.ts: the DOM context is the engine's Canvas2D in all but overloads.
    const engineContext = context as unknown as Canvas2D<CanvasImageSource>;
    const logoSize = logo ? { width: logo.width, height: logo.height } : null;
    const state = evaluate(scene, TEMPLATE_THUMBNAIL_SECONDS[template]);
    draw(
      engineContext,
      scene,
      state,
      { before: photo.before, after: photo.after, logo },
      { logoSize, facePatches: createPreviewFacePatches() },
    );
    target.drawImage(frame, 0, 0, target.canvas.width, target.canvas.height);
  }, [template, photo, settings, logo, faces, isReady]);

  const size = thumbnailSize(aspect);
  return (
    <canvas
      ref={canvasRef}
      width={size.width}
      height={size.height}
      aria-hidden="true"
      className="h-full max-w-full object-contain"
    />
  );
}

function thumbnailSize(aspect: Aspect): { width: number; height: number } {
  switch (aspect) {
    case '16:9':
      return { width: THUMBNAIL_LONG_SIDE, height: (THUMBNAIL_LONG_SIDE * 9) / 16 };
    case '9:16':
      return { width: (THUMBNAIL_LONG_SIDE * 9) / 16, height: THUMBNAIL_LONG_SIDE };
    case '1:1':
      return { width: THUMBNAIL_LONG_SIDE, height: THUMBNAIL_LONG_SIDE };
  }
}

/** Before a photo is chosen: a neutral sketch of each template's idea, no photo pixels. */
export function TemplateSketch({ template }: { template: Template }) {
  const panel = 'rounded-sm bg-slate-500';
  switch (template) {
    case 'reveal':
      return (
        <div className="relative flex size-full">
          <div className={`h-full w-1/2 ${panel}`} />
          <div className="h-full w-1/2 rounded-sm bg-slate-400" />
          <div className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white" />
          <div className="absolute top-1/2 left-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white" />
        </div>
      );
    case 'split':
      return (
        <div className="flex size-full gap-1">
          <div className={`h-full flex-1 ${panel}`} />
          <div className="h-full flex-1 rounded-sm bg-slate-400" />
        </div>
      );
    case 'detail':
      return (
        <div className={`flex size-full items-center justify-center ${panel}`}>
          <div className="size-1/2 max-h-10 max-w-10 rounded-full border-2 border-white" />
        </div>
      );
    case 'story':
      return (
        <div className={`flex size-full flex-col justify-between p-1.5 ${panel}`}>
          <div className="h-1.5 w-3/4 rounded-sm bg-white" />
          <div className="h-1 w-1/2 self-center rounded-sm bg-slate-300" />
        </div>
      );
  }
}
