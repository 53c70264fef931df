import type { Rect } from './geometry.ts';
import type { Affine } from './geometry.ts';
import type { Scene } from './plan/scene.ts';
export interface ProvenanceInput {
  engineVersion: string;
  scene: Scene;
  panels: {
    layout: string;
    before: Rect;
    after: Rect;
    confidence: number;
    isFallback: boolean;
    reason: string;
  };
  alignment:
    | {
        applied: true;
        transform: Affine;
        scale: number;
        rotationDegrees: number;
        translation: {
          x: number;
          y: number;
        };
      }
    | {
        applied: false;
        reason: string;
      };
  faces: {
    before: boolean;
    after: boolean;
    enabled: boolean;
  };
  treatedArea: {
    rect: Rect;
    strength: number;
  } | null;
  /**
   * The uploaded file's own size. `decodedAt` is the size it was decoded at for this video when
   * that was smaller (see renderDecodeSide): the split and the alignment are in its pixels.
   */
  source: {
    width: number;
    height: number;
    format: string;
    decodedAt?: {
      width: number;
      height: number;
    };
  };
}
export interface Provenance {
  engineVersion: string;
  summary: string;
  output: {
    width: number;
    height: number;
    fps: number;
    durationSeconds: number;
    aspect: string;
  };
  options: {
    primaryAnimation: string;
    emphasisEffect: string;
    motionSpeed: string;
  };
  source: ProvenanceInput['source'];
  split: ProvenanceInput['panels'];
  transforms: {
    panel: 'before' | 'after';
    kind: string;
    detail: unknown;
  }[];
  faceMotion: {
    requested: string;
    /** True when at least one panel's face moves. */
    applied: boolean;
    panels: {
      panel: 'before' | 'after';
      motion: string;
      applied: boolean;
      reason: string;
      eyeDistancePx: number | null;
    }[];
  };
  pixelPolicy: string;
  warnings: {
    code: string;
    message: string;
  }[];
}
export declare function buildProvenance(input: ProvenanceInput): Provenance;
