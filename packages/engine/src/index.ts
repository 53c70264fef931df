// The video engine's pure core: the timeline shared by the browser preview and the
// server render, plus image analysis that runs on raw pixels. Node adapters live in
// '@glowreel/engine/node'.
export {
  MIN_PANEL_SIDE,
  detectPanels,
  panelsFromPair,
  type PanelDetection,
} from './analysis/split.ts';
export {
  NO_BURNED_IN_LABELS,
  findBurnedInLabels,
  hasBurnedInLabels,
  type BurnedInLabels,
} from './analysis/burned-in-labels.ts';
export type { SplitAxis } from './analysis/split-axis.ts';
export { findTreatedArea, type TreatedArea } from './analysis/treated-area.ts';
export { isHevcHeif } from './heif/heif-brand.ts';
export { HeifHeaderError, readHeifHeader, type HeifHeader } from './heif/heif-header.ts';
export { orientRaster } from './heif/orient-raster.ts';
export { buildScene, frameCount, type SceneInput } from './plan/build-scene.ts';
export { coverageRect } from './plan/coverage.ts';
export { ENGINE_FONT_FAMILY, fontSpec, type Canvas2D } from './paint/canvas.ts';
export {
  BUNDLED_FONT_FILES,
  FONT_SUBSETS,
  FONT_WEIGHTS,
  INTER_FAMILY,
  MONTSERRAT_FAMILY,
  PLAYFAIR_DISPLAY_FAMILY,
  SUBSET_UNICODE_RANGES,
  TYPEFACE_DEFINITIONS,
  type FontFile,
  type FontSubset,
  type FontWeight,
  type TypefaceDefinition,
} from './text/typefaces.ts';
export {
  DEFAULT_LINE_HEIGHT,
  fitText,
  type FitTextOptions,
  type FittedText,
} from './text/fit-text.ts';
export { ELLIPSIS } from './text/wrap-words.ts';
export { canvasMeasure, type MeasureText } from './text/measure-text.ts';
export { findUnappliedFont } from './text/verify-typeface.ts';
export {
  MIN_CAP_HEIGHT_RATIO,
  capHeightPx,
  capHeightRatio,
  minLegibleFontSize,
} from './text/cap-height.ts';
export { draw, type DrawOptions } from './paint/draw.ts';
export {
  createFacePatches,
  type CreateSurface,
  type FacePatches,
  type Surface,
} from './motion/face-patch.ts';
export { panelPlacement } from './paint/draw-panels.ts';
export {
  IDENTITY,
  applyAffine,
  composeAffine,
  invertAffine,
  type Affine,
  type Point,
  type Rect,
} from './geometry.ts';
export {
  ALIGNMENT_LIMITS,
  ALIGNMENT_SKIP_REASONS,
  alignAfterToBefore,
  planAlignment,
  shouldAlign,
  type Alignment,
  type AlignmentOutcome,
  type AlignmentSkipReason,
} from './faces/alignment.ts';
export {
  FACE_MESH_POINT_COUNT,
  type FaceDetector,
  type FaceLandmarks,
  type MeshPoint,
} from './faces/face-types.ts';
export {
  faceSceneFields,
  type FaceSceneFields,
  type FaceSceneFieldsInput,
} from './faces/face-scene-fields.ts';
export { HUMAN_FACE_MODEL_FILES } from './faces/human-config.ts';
export {
  createBrowserFaceDetector,
  type BrowserFaceDetectorOptions,
  type HumanModule,
} from './browser/human-browser.ts';
export { computeLayout, containRect, safeArea, SAFE_INSETS, type Layout } from './plan/layout.ts';
export { frameSlot, MAX_UPSCALE, type Framing } from './plan/framing.ts';
export { TEMPLATE_PLANS, TEMPLATE_THUMBNAIL_SECONDS } from './plan/templates/index.ts';
export { buildProvenance, type Provenance, type ProvenanceInput } from './provenance.ts';
export { createRaster, cropRaster, lumaAt, type Raster } from './raster.ts';
export {
  DEFAULT_COLORS,
  DEFAULT_DISCLOSURE,
  type Branding,
  type Scene,
  type SceneAssets,
} from './plan/scene.ts';
export {
  coverSeconds,
  evaluate,
  largestPanelScales,
  phasesFor,
  type FrameState,
  type Phases,
  type TextState,
} from './plan/timeline.ts';
export {
  MIN_MOTION_EYE_DISTANCE_PX,
  type FaceMotionRecord,
  type SceneFaceMotion,
} from './motion/face-motion-plan.ts';
export {
  BLINK_TIMES,
  HEAD_TURN_DEGREES,
  type FaceMotionKind,
  type FaceMotionState,
} from './motion/face-motion-schedule.ts';
export { buildFaceRig, type FaceRig } from './motion/face-rig.ts';
export {
  AFTER_FACE_MOTION,
  MOTION_MOVES,
  TREATED_AREA_REGIONS,
  animationRefusalReason,
  animationsAllowedFor,
  checkTreatedArea,
  type TreatedAreaRefusal,
} from './motion/treated-area-rules.ts';
export { statedTreatedAreaRect, treatedRegionPolygons } from './motion/treated-region.ts';
export { frameTime, frames, seconds, type Frames, type Seconds } from './plan/units.ts';
