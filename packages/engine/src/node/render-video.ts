import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type {
  Aspect,
  EmphasisEffect,
  MotionSpeed,
  PrimaryAnimation,
  Template,
  TreatedAreaName,
  Typeface,
} from '@glowreel/contracts';
import { detectPanels, panelsFromPair, type PanelDetection } from '../analysis/split.ts';
import { findTreatedArea } from '../analysis/treated-area.ts';
import { buildScene, frameCount, sceneColors } from '../plan/build-scene.ts';
import type { FrameRun } from '../plan/frame-runs.ts';
import { faceSceneFields } from '../faces/face-scene-fields.ts';
import type { FaceDetector, FaceLandmarks } from '../faces/face-types.ts';
import { IDENTITY, type Affine } from '../geometry.ts';
import { statedTreatedAreaRect } from '../motion/treated-region.ts';
import type { Raster } from '../raster.ts';
import { DEFAULT_COLORS, type Scene } from '../plan/scene.ts';
import { coverSeconds } from '../plan/timeline.ts';
import { resolveFfmpegPath } from './binaries.ts';
import { warpRaster, type RenderPhotos } from './canvas-renderer.ts';
import { cutPanelPhotos, panelPhoto, type PanelPhoto, type PanelPhotos } from './panel-photos.ts';
import { collectGarbage } from './collect-garbage.ts';
import { decodeImage } from './decode-image.ts';
import { decodeLogo } from './decode-logo.ts';
import type { UploadRole } from './panel-minimum.ts';
import { startEncoder, type Encoder } from './ffmpeg-encoder.ts';
import { acquirePainter, releasePainter } from './paint-pool.ts';
import {
  defaultPaintThreads,
  type PaintedFrame,
  type ParallelPainter,
} from './parallel-painter.ts';
import { writePoster } from './poster.ts';
import { buildProvenance, type Provenance } from '../provenance.ts';

export const ENGINE_VERSION = 'glowreel-builtin/1.0.0';

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
    /** Where the treatment was (never moved; the highlight circles it). */
    treatedArea?: TreatedAreaName | null | undefined;
  };
  branding: {
    clinicName: string;
    contact: string | null;
    treatmentTitle: string | null;
    disclosure: string | null;
    /** The brand kit's accent (#rrggbb); null or absent = the engine's own. */
    accentColor?: string | null;
    /** The brand kit's typeface; absent = DEFAULT_TYPEFACE. */
    typeface?: Typeface | null;
  };
  /**
   * The clinic's consent record for this video, written into the provenance by reference
   * (an id, never personal data); null when there is none.
   */
  consentId?: string | null;
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
  warnings: { code: string; message: string }[];
  provenance: Provenance;
}

/** Loaded lazily once per process (or worker): the face model is large. */
let faceDetector: Promise<FaceDetector> | undefined;
async function getFaceDetector(): Promise<FaceDetector> {
  faceDetector ??= import('./human-node.ts').then((module) => module.getNodeFaceDetector());
  return faceDetector;
}

async function detectFace(photo: PanelPhoto, enabled: boolean): Promise<FaceLandmarks | undefined> {
  if (!enabled) return undefined;
  return (await getFaceDetector()).detect(photo.raster, photo.rect);
}

export interface PreparedRender {
  scene: Scene;
  /** The photos as decoded, uncut (cutPanelPhotos gives each panel a raster of its own). */
  photos: PanelPhotos;
  provenance: Provenance;
  /** Decoding warnings (the provenance carries its own). */
  warnings: { code: string; message: string }[];
  /** Seconds spent finding faces in both panels. */
  faceSeconds: number;
}

/**
 * Decode → split → faces → alignment → scene and provenance: everything before the frames.
 * `onPhotos` gets the decoded photos as soon as the panels are found, before the faces are.
 */
export async function prepareRender(
  request: RenderVideoRequest,
  onProgress: (progress: RenderVideoProgress) => void = () => undefined,
  onPhotos: (photos: PanelPhotos) => void = () => undefined,
): Promise<PreparedRender> {
  onProgress({ stage: 1, percent: 1 });
  const role: UploadRole = request.afterInputPath ? 'photo' : 'composite';
  const decoding = {
    background: DEFAULT_COLORS.panelBackdrop,
    maxSide: (file: { width: number; height: number }) => renderDecodeSide(request, file, role),
    role,
  };
  const decoded = await decodeImage(await readFile(request.inputPath), decoding);
  let panels: PanelDetection;
  let located: Pick<PanelPhotos, 'before' | 'after'>;
  const warnings = [...decoded.warnings];
  if (request.afterInputPath) {
    const decodedAfter = await decodeImage(await readFile(request.afterInputPath), decoding);
    warnings.push(
      ...decodedAfter.warnings.filter(
        (warning) => !warnings.some((seen) => seen.code === warning.code),
      ),
    );
    panels = panelsFromPair(decoded.raster, decodedAfter.raster);
    located = { before: panelPhoto(decoded.raster), after: panelPhoto(decodedAfter.raster) };
  } else {
    panels = detectPanels(decoded.raster);
    located = {
      before: panelPhoto(decoded.raster, panels.before),
      after: panelPhoto(decoded.raster, panels.after),
    };
  }
  const logo = request.logoPath ? await decodeLogo(await readFile(request.logoPath)) : null;
  const photos: PanelPhotos = { ...located, logo };
  onPhotos(photos);
  onProgress({ stage: 2, percent: 5 });

  const faceStarted = performance.now();
  const beforeFace = await detectFace(photos.before, request.faceDetection);
  const afterFace = await detectFace(photos.after, request.faceDetection);
  const faceSeconds = (performance.now() - faceStarted) / 1000;
  const beforeSize = sizeOf(photos.before);
  const afterSize = sizeOf(photos.after);
  const { alignment, scene: faceFields } = faceSceneFields({
    before: beforeFace,
    after: afterFace,
    autoAlign: request.options.autoAlign,
    wasDetectionRun: request.faceDetection,
    panelSizes: { before: beforeSize, after: afterSize },
  });
  // Only the hand-gesture highlight compares the panels pixel by pixel, and only when the
  // stated area cannot be found on the after face: warping the after photo cost 10–60 ms
  // before the first frame.
  const treatedArea = request.options.treatedArea ?? undefined;
  const treated =
    request.options.emphasisEffect === 'hand_gesture' &&
    !statedTreatedAreaRect(afterFace, treatedArea, IDENTITY)
      ? treatedAreaOf(cutPanelPhotos(photos), faceFields.alignment)
      : null;
  const scene = buildScene({
    size: { width: request.width, height: request.height },
    options: { ...request.options, treatedArea },
    beforeSize,
    afterSize,
    ...faceFields,
    treatedArea: treated?.rect ?? null,
    burnedInLabels: panels.burnedInLabels,
    branding: {
      ...request.branding,
      disclosure: request.branding.disclosure ?? undefined,
      typeface: request.branding.typeface ?? undefined,
      hasLogo: logo !== null,
    },
  });
  const provenance = buildProvenance({
    engineVersion: ENGINE_VERSION,
    scene,
    panels,
    alignment,
    faces: {
      before: beforeFace !== undefined,
      after: afterFace !== undefined,
      enabled: request.faceDetection,
    },
    treatedArea: treated,
    consentId: request.consentId ?? null,
    source: {
      width: decoded.width,
      height: decoded.height,
      format: decoded.format,
      ...(decoded.raster.width < decoded.width && {
        decodedAt: { width: decoded.raster.width, height: decoded.raster.height },
      }),
    },
  });
  return { scene, photos, provenance, warnings, faceSeconds };
}

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
export const MAX_FULL_DECODE_PIXELS = 6_000_000;

export function renderDecodeSide(
  output: { width: number; height: number },
  file: { width: number; height: number },
  role: UploadRole,
): number {
  const smallest = role === 'composite' ? 0.3 : 1;
  const fit = (panelWidth: number, panelHeight: number) =>
    Math.min(output.width / panelWidth, output.height / panelHeight);
  const scale =
    1.3 *
    Math.max(fit(file.width * smallest, file.height), fit(file.width, file.height * smallest));
  const longest = Math.max(file.width, file.height);
  const withinBudget = Math.floor(
    longest * Math.sqrt(MAX_FULL_DECODE_PIXELS / (file.width * file.height)),
  );
  const floor = Math.min(2 * Math.max(output.width, output.height), withinBudget);
  return Math.min(longest, Math.max(floor, Math.ceil(Math.min(1, scale) * longest)));
}

function sizeOf(photo: PanelPhoto): { width: number; height: number } {
  return { width: photo.rect.width, height: photo.rect.height };
}

/** Where the panels differ most, with the after photo drawn over the before photo's frame. */
function treatedAreaOf(panels: RenderPhotos, alignment: Affine | null) {
  return findTreatedArea(panels.before, alignAfter(panels.after, alignment, panels.before));
}

/** The after photo drawn over the before photo's frame: aligned, or stretched to its size. */
function alignAfter(after: Raster, alignment: Affine | null, before: Raster): Raster {
  return warpRaster(
    after,
    alignment ?? {
      a: before.width / after.width,
      b: 0,
      c: 0,
      d: before.height / after.height,
      e: 0,
      f: 0,
    },
    before,
  );
}

/** Upload → split → faces → scene → frames → H.264 MP4 + poster, with progress in four stages. */
export async function renderVideoFile(
  request: RenderVideoRequest,
  onProgress: (progress: RenderVideoProgress) => void,
): Promise<RenderVideoResult> {
  // Taken first: new workers start while the photo is decoded and its faces are found.
  const threads = request.paintThreads ?? defaultPaintThreads();
  const painter = acquirePainter(threads);
  try {
    return await renderWithPainter(request, painter, onProgress);
  } finally {
    await releasePainter(threads, painter);
  }
}

async function renderWithPainter(
  request: RenderVideoRequest,
  painter: ParallelPainter,
  onProgress: (progress: RenderVideoProgress) => void,
): Promise<RenderVideoResult> {
  const { scene, provenance, warnings, encoder, videoPath, loaded } = await startFrames(
    request,
    painter,
    onProgress,
  );
  const posterPath = path.join(request.outputDir, 'poster.jpg');
  const total = frameCount(scene);
  const posterFrame = Math.round(coverSeconds(scene) * scene.fps);
  const holdsPoster = (run: FrameRun) =>
    posterFrame >= run.firstFrame && posterFrame < run.firstFrame + run.length;
  let posterWritten: Promise<unknown> | undefined;
  try {
    const runs = await loaded;
    onProgress({ stage: 3, percent: 10 });
    // The upload's full-size pixels and the analysis buffers (~60 MB for a 2400×1500 photo)
    // are garbage now; collected here they stay out of the render's peak, which comes while
    // frames are painted and encoded (measured on the whole server: ~30 MB more per render
    // until V8 got round to it). Collected while the first frames are painted, not before.
    const whilePainting = () => collectGarbage();
    await encodeRuns(runs, painter, holdsPoster, whilePainting, async (painted, run) => {
      if (painted.rgba) {
        const { buffer, byteOffset, byteLength } = painted.rgba;
        const poster = {
          width: scene.width,
          height: scene.height,
          data: new Uint8ClampedArray(buffer, byteOffset, byteLength),
        };
        // Written while the frames after it are encoded, not after x264 has finished.
        posterWritten = writePoster(poster, posterPath, { width: 640, format: 'jpeg' });
        // Awaited below; a failure before then must not become an unhandled rejection.
        posterWritten.catch(() => undefined);
      }
      for (let frame = run.firstFrame; frame < run.firstFrame + run.length; frame += 1) {
        await encoder.write(painted.i420);
        onProgress({ stage: 3, percent: 10 + Math.floor((85 * frame) / total) });
      }
    });
    onProgress({ stage: 4, percent: 96 });
    await encoder.finish();
  } catch (error) {
    encoder.abort();
    // A failed render leaves no poster behind, nor one still being written.
    if (posterWritten) {
      await posterWritten.catch(() => undefined);
      await rm(posterPath, { force: true });
    }
    throw error;
  }
  if (!posterWritten) throw new Error(`frame ${posterFrame} was never painted`);
  await posterWritten;
  const fileSize = (await stat(videoPath)).size;
  onProgress({ stage: 4, percent: 100 });
  return {
    videoPath,
    posterPath,
    durationSeconds: total / scene.fps,
    fileSize,
    warnings: [...warnings, ...provenance.warnings],
    provenance,
  };
}

/**
 * Prepares the render, hands the painter the photos and the scene, and starts ffmpeg. The
 * painter gets the photos as soon as they are decoded, so its workers put them on canvases
 * while this thread finds the faces; the scene goes to them as soon as it is built, so they
 * shrink the photos while this thread starts ffmpeg. Before, all of it ran one step after
 * the other on this thread while the other cores waited.
 */
async function startFrames(
  request: RenderVideoRequest,
  painter: ParallelPainter,
  onProgress: (progress: RenderVideoProgress) => void,
): Promise<
  Omit<PreparedRender, 'photos' | 'faceSeconds'> & {
    encoder: Encoder;
    videoPath: string;
    /** Resolves once the painter can paint the scene, with its runs of identical frames. */
    loaded: Promise<FrameRun[]>;
  }
> {
  // The scene's frame is the request's size in the brand's colours: the workers draw its
  // backdrop while the faces are found.
  const backdrop = {
    width: request.width,
    height: request.height,
    colors: sceneColors(request.branding.accentColor),
  };
  const { scene, provenance, warnings } = await prepareRender(request, onProgress, (photos) =>
    painter.stagePhotos(photos, backdrop),
  );
  const loaded = painter.load(scene);
  // Awaited by the caller once ffmpeg has started; a failure before then must not go unhandled.
  loaded.catch(() => undefined);
  const videoPath = path.join(request.outputDir, 'video.mp4');
  const encoder = startEncoder({
    ffmpegPath: resolveFfmpegPath(request.ffmpegPath ?? undefined),
    width: scene.width,
    height: scene.height,
    fps: scene.fps,
    // The paint workers convert each frame to I420 (a few ms each, in SIMD); ffmpeg
    // converting RGBA itself took about a third of a 1080p encode's wall time.
    inputFormat: 'yuv420p',
    outputPath: videoPath,
    metadata: { comment: JSON.stringify(provenance), description: provenance.summary },
  });
  return { scene, provenance, warnings, encoder, videoPath, loaded };
}

/**
 * Paints runs ahead in the painter's slots while earlier ones are being encoded: run r
 * uses slot r mod slotCount, and is only asked for once run r − slotCount has been sent.
 * Runs for which `keepRgba` holds come with their RGBA pixels too. `whilePainting` runs
 * once the first runs have been asked for.
 */
async function encodeRuns(
  runs: FrameRun[],
  painter: ParallelPainter,
  keepRgba: (run: FrameRun) => boolean,
  whilePainting: () => void,
  send: (painted: PaintedFrame, run: FrameRun) => Promise<void>,
): Promise<void> {
  const painting = new Map<number, Promise<PaintedFrame>>();
  const start = (index: number): void => {
    const run = runs[index];
    if (!run) return;
    const painted = painter.paint(run.firstFrame, index % painter.slotCount, {
      keepRgba: keepRgba(run),
    });
    // Awaited in order below; a failure before then must not become an unhandled rejection.
    painted.catch(() => undefined);
    painting.set(index, painted);
  };
  for (let index = 0; index < painter.slotCount; index += 1) start(index);
  whilePainting();
  for (const [index, run] of runs.entries()) {
    const painted = await painting.get(index);
    painting.delete(index);
    if (!painted) throw new Error(`run ${index} was never painted`);
    await send(painted, run);
    start(index + painter.slotCount);
  }
}
