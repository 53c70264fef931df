import type {
  Aspect,
  EmphasisEffect,
  MotionSpeed,
  PrimaryAnimation,
  Template,
} from '@glowreel/contracts';
import { type Raster } from '../raster.ts';
import { type Scene } from '../plan/scene.ts';
import type { UploadRole } from './panel-minimum.ts';
import { type Provenance } from '../provenance.ts';
export declare const ENGINE_VERSION = 'glowreel-builtin/1.0.0';
export interface RenderVideoRequest {
  /** The composite photo, or the before photo when `afterInputPath` is given. */
  inputPath: string;
  /** Two separate photos (the public API's before_image and after_image). */
  afterInputPath?: string | null;
  /** The clinic's logo for the end card. */
  logoPath?: string | null;
  outputDir: string;
  width: number;
  height: number;
  options: {
    primaryAnimation: PrimaryAnimation;
    emphasisEffect: EmphasisEffect;
    motionSpeed: MotionSpeed;
    aspect: Aspect;
    autoAlign: boolean;
    /** Omitted or null: the format's default template. */
    template?: Template | null;
  };
  branding: {
    clinicName: string;
    contact: string | null;
    treatmentTitle: string | null;
    disclosure: string | null;
  };
  ffmpegPath: string | null;
  faceDetection: boolean;
  /** Worker threads painting frames; null/undefined = one per core, at most four. */
  paintThreads?: number | null;
}
export interface RenderVideoProgress {
  stage: 1 | 2 | 3 | 4;
  percent: number;
}
export interface RenderVideoResult {
  videoPath: string;
  posterPath: string;
  durationSeconds: number;
  fileSize: number;
  warnings: {
    code: string;
    message: string;
  }[];
  provenance: Provenance;
}
export interface PreparedRender {
  scene: Scene;
  panels: {
    before: Raster;
    after: Raster;
    logo: Raster | null;
  };
  provenance: Provenance;
  /** Decoding warnings (the provenance carries its own). */
  warnings: {
    code: string;
    message: string;
  }[];
  /** Seconds spent finding faces in both panels. */
  faceSeconds: number;
}
/** Decode → split → faces → alignment → scene and provenance: everything before the frames. */
export declare function prepareRender(
  request: RenderVideoRequest,
  onProgress?: (progress: RenderVideoProgress) => void,
): Promise<PreparedRender>;
/**
 * The longest side a photo needs for this video. Every panel is drawn contained in the frame,
 * zoomed 5 % at most (see largestPanelScale), so it never needs more pixels than its fit in
 * the frame. A composite's cut is not known before the decode, so each of its panels is taken
 * to be as little as 30 % of the side it is cut from (the split's search range), on either
 * axis; a pair's photos are whole panels. 1.3 = the zoom and room for the alignment scaling the
 * after photo up. Never below twice the video's long side while the decode stays within
 * MAX_FULL_DECODE_PIXELS: an ordinary upload keeps every pixel, so the render draws what the
 * browser preview draws (the preview scales the full photo; a render from a libvips-shrunk copy
 * differs visibly in the fine detail) and face crops have pixels to spare. A 6320 × 6320
 * composite for 1080p is decoded at 2497 px (25 MB of RGBA, not 160 MB, nor 320 MB at 16 bits);
 * a 2400 × 1500 one is not shrunk at all.
 */
/**
 * Up to this many pixels a photo is decoded whole for the render (a 3000 × 2000 composite,
 * 24 MB of RGBA). Larger ones are shrunk to what the frame needs: two renders at once each
 * holding a 3840 px decode of a 40-megapixel upload took the server to 1.2 GB.
 */
export declare const MAX_FULL_DECODE_PIXELS = 6000000;
export declare function renderDecodeSide(
  output: {
    width: number;
    height: number;
  },
  file: {
    width: number;
    height: number;
  },
  role: UploadRole,
): number;
/** Upload → split → faces → scene → frames → H.264 MP4 + poster, with progress in four stages. */
export declare function renderVideoFile(
  request: RenderVideoRequest,
  onProgress: (progress: RenderVideoProgress) => void,
): Promise<RenderVideoResult>;
