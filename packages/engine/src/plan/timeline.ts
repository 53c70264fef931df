import type { MotionSpeed } from '@glowreel/contracts';
import { easeInOutCubic, easeOutCubic, lerp, progress } from './easing.ts';
import type { Point, Rect } from '../geometry.ts';
import { computeLayout, type Layout } from './layout.ts';
import { faceMotionAt, type FaceMotionState } from '../motion/face-motion-schedule.ts';
import type { Scene } from './scene.ts';

export interface PanelState {
  which: 'before' | 'after';
  /** Where the whole canonical panel frame lands on the frame (its aspect ratio is kept). */
  rect: Rect;
  /** Only this part of the frame is painted (the wipe reveals through it). */
  clip: Rect;
  /** 1 = as framed; above 1 pushes in toward the focus point. */
  zoom: number;
  /** The face's motion at this moment; null when the panel's face does not move. */
  face: FaceMotionState | null;
}

export interface LabelState {
  text: 'BEFORE' | 'AFTER';
  x: number;
  y: number;
  align: 'left' | 'right';
  fontSize: number;
  clip: Rect;
  opacity: number;
}

export interface FrameState {
  panels: PanelState[];
  labels: LabelState[];
  divider: { x: number; top: number; bottom: number; opacity: number } | null;
  highlight: {
    center: Point;
    radiusX: number;
    radiusY: number;
    opacity: number;
    lineWidth: number;
  } | null;
  caption: { text: string; x: number; y: number; fontSize: number; opacity: number } | null;
  endCard: { opacity: number; layout: Layout } | null;
  focus: Point;
}

/** Phase boundaries in seconds; speed stretches or tightens the opening reveal. */
export interface Phases {
  wipeStart: number;
  wipeEnd: number;
  splitStart: number;
  splitEnd: number;
  endCardStart: number;
  endCardFadeEnd: number;
  pulseHz: number;
}

const SPEED_FACTOR: Record<MotionSpeed, number> = { slow: 1.35, normal: 1, fast: 0.7 };
const END_CARD_SECONDS = 1.6;

export function phasesFor(scene: Scene): Phases {
  const factor = SPEED_FACTOR[scene.motionSpeed];
  const wipeStart = 0.9 * factor;
  const wipeEnd = wipeStart + 1.8 * factor;
  const splitStart = wipeEnd + 0.3 * factor;
  const splitEnd = splitStart + 0.7 * factor;
  const endCardStart = scene.durationSeconds - END_CARD_SECONDS;
  return {
    wipeStart,
    wipeEnd,
    splitStart,
    splitEnd,
    endCardStart,
    endCardFadeEnd: endCardStart + 0.5,
    pulseHz: 1 / factor,
  };
}

function lerpRect(from: Rect, to: Rect, amount: number): Rect {
  return {
    x: lerp(from.x, to.x, amount),
    y: lerp(from.y, to.y, amount),
    width: lerp(from.width, to.width, amount),
    height: lerp(from.height, to.height, amount),
  };
}

/** Where a canonical-frame point lands inside a panel rect at zoom 1. */
function toFrame(rect: Rect, scene: Scene, point: Point): Point {
  const scale = rect.width / scene.panelSize.width;
  return { x: rect.x + point.x * scale, y: rect.y + point.y * scale };
}

function panelFace(scene: Scene, which: 'before' | 'after', t: number): FaceMotionState | null {
  const motion = scene.faceMotion[which];
  if (!motion) return null;
  const timing = { motionSpeed: scene.motionSpeed, endCardStart: phasesFor(scene).endCardStart };
  return faceMotionAt(motion.kind, which, timing, t);
}

/** Two frames with equal keys have equal timeline states, so they paint the same pixels. */
export function frameStateKey(state: FrameState): string {
  return JSON.stringify(state);
}

/**
 * The state of the video at time t (seconds): a pure function of the scene, so the
 * preview and the render agree frame for frame.
 */
export function evaluate(scene: Scene, t: number): FrameState {
  const layout = computeLayout(scene, scene.aspect, scene.panelSize);
  const phases = phasesFor(scene);
  const zoom =
    scene.emphasisEffect === 'subtle_zoom'
      ? 1 + 0.05 * easeInOutCubic(progress(t, 0, phases.endCardStart))
      : 1;
  const wipe = easeInOutCubic(progress(t, phases.wipeStart, phases.wipeEnd));
  const split = easeInOutCubic(progress(t, phases.splitStart, phases.splitEnd));
  const labelFont = layout.labelFontSize;
  const inset = labelFont * 0.6;

  const beforeFace = panelFace(scene, 'before', t);
  const afterFace = panelFace(scene, 'after', t);
  const beforeRect = lerpRect(layout.stage, layout.beforeSlot, split);
  const afterRect = lerpRect(layout.stage, layout.afterSlot, split);
  let panels: PanelState[];
  let labels: LabelState[];
  let divider: FrameState['divider'] = null;
  if (split === 0) {
    // Opening reveal: the after photo wipes in from the left over the before photo.
    const stage = layout.stage;
    const wipeX = stage.x + stage.width * wipe;
    const afterClip = { ...stage, width: wipeX - stage.x };
    const beforeClip = { ...stage, x: wipeX, width: stage.x + stage.width - wipeX };
    panels = [
      { which: 'before', rect: stage, clip: beforeClip, zoom, face: beforeFace },
      { which: 'after', rect: stage, clip: afterClip, zoom, face: afterFace },
    ];
    labels = [
      {
        text: 'BEFORE',
        x: stage.x + stage.width - inset,
        y: stage.y + inset,
        align: 'right',
        fontSize: labelFont,
        clip: beforeClip,
        opacity: 1,
      },
      {
        text: 'AFTER',
        x: stage.x + inset,
        y: stage.y + inset,
        align: 'left',
        fontSize: labelFont,
        clip: afterClip,
        opacity: 1,
      },
    ];
    const dividerOpacity =
      wipe > 0 && wipe < 1 ? 1 : progress(t, phases.wipeStart - 0.2, phases.wipeStart);
    divider =
      wipe >= 1
        ? null
        : { x: wipeX, top: stage.y, bottom: stage.y + stage.height, opacity: dividerOpacity };
  } else {
    panels = [
      { which: 'before', rect: beforeRect, clip: beforeRect, zoom, face: beforeFace },
      { which: 'after', rect: afterRect, clip: afterRect, zoom, face: afterFace },
    ];
    labels = [
      {
        text: 'BEFORE',
        x: beforeRect.x + inset,
        y: beforeRect.y + inset,
        align: 'left',
        fontSize: labelFont,
        clip: beforeRect,
        opacity: 1,
      },
      {
        text: 'AFTER',
        x: afterRect.x + inset,
        y: afterRect.y + inset,
        align: 'left',
        fontSize: labelFont,
        clip: afterRect,
        opacity: 1,
      },
    ];
  }

  let highlight: FrameState['highlight'] = null;
  if (scene.emphasisEffect === 'hand_gesture' && scene.treatedArea && split >= 1) {
    const area = scene.treatedArea;
    const center = toFrame(afterRect, scene, {
      x: area.x + area.width / 2,
      y: area.y + area.height / 2,
    });
    const scale = afterRect.width / scene.panelSize.width;
    const pulse = 1 + 0.08 * Math.sin(2 * Math.PI * phases.pulseHz * (t - phases.splitEnd));
    const fadeIn = easeOutCubic(progress(t, phases.splitEnd, phases.splitEnd + 0.4));
    const fadeOut = 1 - progress(t, phases.endCardStart, phases.endCardFadeEnd);
    highlight = {
      center,
      radiusX: (area.width / 2) * scale * 1.15 * pulse,
      radiusY: (area.height / 2) * scale * 1.15 * pulse,
      opacity: fadeIn * fadeOut,
      lineWidth: Math.max(2, labelFont * 0.14),
    };
  }

  const captionOpacity =
    progress(t, phases.splitStart, phases.splitEnd) *
    (1 - progress(t, phases.endCardStart, phases.endCardFadeEnd));
  const caption: FrameState['caption'] =
    captionOpacity > 0
      ? {
          text: scene.branding.disclosure,
          x: layout.safe.x + layout.safe.width / 2,
          y: layout.safe.y + layout.safe.height - layout.captionFontSize * 0.4,
          fontSize: layout.captionFontSize,
          opacity: captionOpacity,
        }
      : null;
  const endCardOpacity = easeInOutCubic(progress(t, phases.endCardStart, phases.endCardFadeEnd));

  return {
    panels,
    labels,
    divider,
    highlight,
    caption,
    endCard: endCardOpacity > 0 ? { opacity: endCardOpacity, layout } : null,
    focus: scene.focus,
  };
}
