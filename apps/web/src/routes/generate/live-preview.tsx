import { TEMPLATE_LABELS, outputSizeFor, type Aspect } from '@glowreel/contracts';
import type { SceneAssets } from '@glowreel/engine';
import { useMemo, useRef, useState } from 'react';
import { useEngineFontSettled } from '../../lib/preview/engine-font.ts';
import { buildPreviewScene, type PreviewSettings } from '../../lib/preview/preview-scene.ts';
import type { AnalyzedPhoto } from '../../lib/preview/split-photo.ts';
import type { PreviewFaces } from '../../lib/preview/use-preview-faces.ts';
import { usePreviewPlayer } from '../../lib/preview/use-preview-player.ts';
import { useReducedMotion } from '../../lib/preview/use-reduced-motion.ts';
import { FACE_DETECTION_OFF_TEXT } from './preview-face-copy.ts';
import { PreviewFaceStatus } from './preview-face-status.tsx';
import { PreviewPosition, usePreviewPositionDisplay } from './preview-position.tsx';
import { ASPECT_LABELS } from './video-options-fields.tsx';

// A vertical or square canvas at full column width would be taller than the screen.
const FRAME_CLASS: Record<Aspect, string> = {
  '16:9': 'aspect-video w-full',
  '9:16': 'aspect-[9/16] w-full max-w-72',
  '1:1': 'aspect-square w-full max-w-md',
};

interface LivePreviewProps {
  photo: AnalyzedPhoto | null;
  isAnalyzing: boolean;
  settings: PreviewSettings;
  /** The clinic's logo, decoded, for the end card. */
  logo: ImageBitmap | null;
  /** The faces the preview found in the photo (shared with the template thumbnails). */
  faces: PreviewFaces | null;
}

/**
 * DESIGN.md §1 "instant and fair": the engine timeline the server renders with, played in
 * the browser before any credit is spent.
 */
export function LivePreview({ photo, isAnalyzing, settings, logo, faces }: LivePreviewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const isReducedMotion = useReducedMotion();
  // null until the user presses play or pause: then their choice wins over the default.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const isPlaying = playChoice ?? !isReducedMotion;
  const isFontSettled = useEngineFontSettled();

  // Until the faces are found (or if they cannot be), the preview plays without face motion.
  const built = useMemo(
    () => (photo ? buildPreviewScene(photo, settings, logo !== null, faces) : null),
    [photo, settings, logo, faces],
  );
  const scene = built?.scene ?? null;
  const assets = useMemo<SceneAssets<CanvasImageSource> | null>(
    () => (photo ? { before: photo.before, after: photo.after, logo } : null),
    [photo, logo],
  );
  const logoSize = useMemo(
    () => (logo ? { width: logo.width, height: logo.height } : null),
    [logo],
  );
  const position = usePreviewPositionDisplay();
  const { seek } = usePreviewPlayer({
    canvasRef,
    scene,
    assets,
    logoSize,
    isPlaying,
    isReady: isFontSettled,
    onFrame: position.showTime,
  });

  const aspect = settings.options.aspect;
  const previewSize = outputSizeFor('free', aspect);
  const renderSize = outputSizeFor(settings.plan, aspect);
  return (
    <section aria-labelledby="preview-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
          Live preview
        </h2>
        {scene && (
          <button
            type="button"
            onClick={() => setPlayChoice(!isPlaying)}
            aria-pressed={isPlaying}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            {isPlaying ? 'Pause' : 'Play'}
          </button>
        )}
      </div>
      <div className={`mx-auto overflow-hidden rounded-xl bg-slate-900 ${FRAME_CLASS[aspect]}`}>
        {scene ? (
          <canvas
            ref={canvasRef}
            width={scene.width}
            height={scene.height}
            role="img"
            aria-label={`Live preview of your video, ${TEMPLATE_LABELS[scene.template]} template, ${ASPECT_LABELS[aspect]}: the before and after photos with their labels, caption and end card.`}
            className="block size-full"
          />
        ) : (
          <div className="flex size-full items-center justify-center p-6 text-center text-sm text-slate-300">
            {isAnalyzing
              ? 'Preparing the preview...'
              : 'Choose a photo to see the video play here, before you spend a credit.'}
          </div>
        )}
      </div>
      {scene && (
        <PreviewPosition
          inputRef={position.inputRef}
          outputRef={position.outputRef}
          durationSeconds={scene.durationSeconds}
          onSeek={seek}
        />
      )}
      {faces && <PreviewFaceStatus faces={faces} warnings={built?.faceWarnings ?? []} />}
      {scene && (
        <p className="text-xs text-slate-500">
          Plays in your browser with the same timeline the server renders.
          {faces?.status === 'off' && <> {FACE_DETECTION_OFF_TEXT.previewNote}</>}
          {faces?.status !== 'unavailable' && faces?.status !== 'off' && (
            <>
              {' '}
              Once the faces are found (by the same face detection the server runs), it shows the
              after photo aligned by the eyes, the zoom&apos;s focus on the face and the face motion
              (head turn, smile, surprise, blinks). The preview draws at {previewSize.width}×
              {previewSize.height}; whether a face is large enough to move is judged at your
              video&apos;s {renderSize.width}×{renderSize.height}, as the render judges it.
            </>
          )}
          {isReducedMotion &&
            playChoice === null &&
            ' Paused because your device asks for reduced motion.'}
        </p>
      )}
    </section>
  );
}
