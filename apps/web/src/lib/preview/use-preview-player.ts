import { draw, evaluate, type Canvas2D, type Scene, type SceneAssets } from '@glowreel/engine';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { createPreviewFacePatches } from './preview-face-patches.ts';
import { compareStillTime } from './preview-scene.ts';

export interface PreviewPlayerInput {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  scene: Scene | null;
  assets: SceneAssets<CanvasImageSource> | null;
  /** The logo's own size, so the end card keeps its proportions. */
  logoSize: { width: number; height: number } | null;
  isPlaying: boolean;
  /** False until the engine font is usable, so no frame is drawn with the wrong metrics. */
  isReady: boolean;
  /** Told the moment of every frame drawn (for the position slider; called up to 60× a second). */
  onFrame?: (seconds: number) => void;
}

/**
 * Plays the engine timeline on a canvas with requestAnimationFrame, looping. Pausing keeps
 * the current moment; before anything played, a paused player shows the comparison still.
 * Returns `seek`, which moves to a moment (and draws it at once when paused).
 */
export function usePreviewPlayer({
  canvasRef,
  scene,
  assets,
  logoSize,
  isPlaying,
  isReady,
  onFrame,
}: PreviewPlayerInput): { seek: (seconds: number) => void } {
  // Seconds into the timeline; survives option changes so the loop does not jump to 0.
  const clock = useRef<number | null>(null);
  const paintRef = useRef<((seconds: number) => void) | null>(null);
  const onFrameRef = useRef(onFrame);
  useEffect(() => {
    onFrameRef.current = onFrame;
  }, [onFrame]);

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context || !scene || !assets || !isReady) return;
    // The DOM context has every member of the engine's Canvas2D, but its wider overloads
    // (drawImage sources, gradient styles) keep TypeScript from proving it structurally.
    const engineContext = context as unknown as Canvas2D<CanvasImageSource>;
    const facePatches = createPreviewFacePatches();
    const paint = (t: number) => {
      draw(engineContext, scene, evaluate(scene, t), assets, { logoSize, facePatches });
      onFrameRef.current?.(t);
    };
    paintRef.current = paint;
    const stopPainting = () => {
      paintRef.current = null;
    };

    if (!isPlaying) {
      paint(clock.current ?? compareStillTime(scene));
      return stopPainting;
    }
    const duration = scene.durationSeconds;
    let lastNow: number | null = null;
    let frame = requestAnimationFrame(function tick(now) {
      // Advance from the clock rather than from a start time, so a seek while playing holds.
      const elapsed = lastNow === null ? 0 : (now - lastNow) / 1000;
      lastNow = now;
      const t = ((clock.current ?? 0) + elapsed) % duration;
      clock.current = t;
      paint(t);
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      stopPainting();
    };
  }, [canvasRef, scene, assets, logoSize, isPlaying, isReady]);

  const seek = useCallback((seconds: number) => {
    clock.current = seconds;
    paintRef.current?.(seconds);
  }, []);
  return { seek };
}
