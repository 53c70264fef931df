import { draw, evaluate, type Canvas2D, type Scene, type SceneAssets } from '@glowreel/engine';
import { useEffect, useRef, type RefObject } from 'react';
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
}

/**
 * Plays the engine timeline on a canvas with requestAnimationFrame, looping. Pausing keeps
 * the current moment; before anything played, a paused player shows the comparison still.
 */
export function usePreviewPlayer({
  canvasRef,
  scene,
  assets,
  logoSize,
  isPlaying,
  isReady,
}: PreviewPlayerInput): void {
  // Seconds into the timeline; survives option changes so the loop does not jump to 0.
  const clock = useRef<number | null>(null);

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context || !scene || !assets || !isReady) return;
    // The DOM context has every member of the engine's Canvas2D, but its wider overloads
    // (drawImage sources, gradient styles) keep TypeScript from proving it structurally.
    const engineContext = context as unknown as Canvas2D<CanvasImageSource>;
    const paint = (t: number) =>
      draw(engineContext, scene, evaluate(scene, t), assets, { logoSize });

    if (!isPlaying) {
      paint(clock.current ?? compareStillTime(scene));
      return;
    }
    const duration = scene.durationSeconds;
    let startedAt: number | null = null;
    let frame = requestAnimationFrame(function tick(now) {
      startedAt ??= now - (clock.current ?? 0) * 1000;
      const t = ((now - startedAt) / 1000) % duration;
      clock.current = t;
      paint(t);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [canvasRef, scene, assets, logoSize, isPlaying, isReady]);
}
