import type {
  Aspect,
  EmphasisEffect,
  MotionSpeed,
  PrimaryAnimation,
  Template,
} from '@glowreel/contracts';
import type { Affine, Point, Rect } from '../geometry.ts';
import type { SceneFaceMotion } from '../motion/face-motion-plan.ts';

export interface Branding {
  clinicName: string;
  /** Phone number or website, shown under the name on the end card. */
  contact: string | null;
  treatmentTitle: string | null;
  /** The disclosure ads need; "Individual results may vary" unless the clinic edits it. */
  disclosure: string;
  hasLogo: boolean;
}

export const DEFAULT_DISCLOSURE = 'Individual results may vary';

/**
 * Everything the timeline needs to draw a video, as plain data: the same scene drives
 * the browser preview and the server render.
 */
export interface Scene {
  width: number;
  height: number;
  fps: number;
  durationSeconds: number;
  aspect: Aspect;
  /** The template the timeline plays (the format's default when none was chosen). */
  template: Template;
  primaryAnimation: PrimaryAnimation;
  emphasisEffect: EmphasisEffect;
  motionSpeed: MotionSpeed;
  /** The canonical panel frame: the before panel's size. Both panels are drawn into it. */
  panelSize: { width: number; height: number };
  /** Maps after-image pixels into the canonical frame (alignment, or a plain resize). */
  afterTransform: Affine;
  /** Where zooms push toward, in canonical coordinates: the face centre, or the middle. */
  focus: Point;
  /** Where the aligned panels differ most, in canonical coordinates (the highlight). */
  treatedArea: Rect | null;
  /** Landmark-driven face motion per panel (the rigs are plain data), and why where there is none. */
  faceMotion: SceneFaceMotion;
  branding: Branding;
  colors: { background: string; panelBackdrop: string; accent: string; text: string };
}

export const DEFAULT_COLORS: Scene['colors'] = {
  background: '#0f172a',
  panelBackdrop: '#020617',
  accent: '#14b8a6',
  text: '#f8fafc',
};

/** The images a scene is drawn from; the type is whatever the canvas implementation draws. */
export interface SceneAssets<TImage> {
  before: TImage;
  after: TImage;
  logo: TImage | null;
  /**
   * Asset pixels per original panel pixel, when the panels were shrunk once up front to
   * the largest size they are shown at (much cheaper than scaling them every frame).
   */
  scale?: { before: number; after: number };
}
