import { type Template, type VideoOptions } from '@glowreel/contracts';
import type { FaceLandmarks } from '../faces/face-types.ts';
import type { Affine, Point, Rect } from '../geometry.ts';
import { type Branding, type Scene } from './scene.ts';
export interface SceneInput {
  size: {
    width: number;
    height: number;
  };
  options: Pick<VideoOptions, 'primaryAnimation' | 'emphasisEffect' | 'motionSpeed' | 'aspect'> & {
    /** Omitted means the format's default template. */
    template?: Template | null;
  };
  beforeSize: {
    width: number;
    height: number;
  };
  afterSize: {
    width: number;
    height: number;
  };
  /** After-panel pixels → before-panel pixels, from face alignment; null when not aligned. */
  alignment: Affine | null;
  faceCenter: Point | null;
  treatedArea: Rect | null;
  /**
   * The faces found in each panel (in that panel photo's own pixels) for face motion; null
   * when no face analysis ran. Omitted means null.
   */
  faces?: {
    before: FaceLandmarks | null;
    after: FaceLandmarks | null;
  } | null;
  /** The canonical area both photos cover; omitted means the whole before panel. */
  coverage?: Rect | null;
  /** True when the photos carry burned-in BEFORE/AFTER labels. */
  hideLabels?: boolean;
  branding: Partial<Branding> & {
    clinicName: string;
  };
}
export declare function buildScene(input: SceneInput): Scene;
export declare function frameCount(scene: Scene): number;
