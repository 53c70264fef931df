// Node adapters of the engine: decoding (sharp), drawing (@napi-rs/canvas), faces
// (Human on wasm), encoding (ffmpeg) and the whole render.
export { resolveFfmpegPath, resolveFfprobePath } from './binaries.ts';
export {
  createFrameRenderer,
  rasterToCanvas,
  warpRaster,
  type FrameRenderer,
} from './canvas-renderer.ts';
export {
  ANIMATED_IMAGE_MESSAGE,
  DEFAULT_MAX_IMAGE_BYTES,
  DEFAULT_MAX_IMAGE_PIXELS,
  MIN_RECOMMENDED_SIDE,
  decodeImage,
  type DecodeImageOptions,
  type DecodedImage,
  type ImageWarning,
} from './decode-image.ts';
export {
  DEFAULT_CRF,
  DEFAULT_X264_PRESET,
  DEFAULT_X264_SUBME,
  buildEncoderArgs,
  buildEncoderEnvironment,
  type EncoderInputFormat,
  type EncoderSpec,
} from './ffmpeg-args.ts';
export { startEncoder, type Encoder } from './ffmpeg-encoder.ts';
export { probeVideo, type VideoProbe } from './ffprobe.ts';
export { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, decodeLogo } from './decode-logo.ts';
export { sniffImageFormat, type ImageFormat } from './decode-sniff.ts';
export {
  createNodeTextMeasure,
  engineFontFiles,
  registerEngineFonts,
  type EngineFontFile,
} from './fonts.ts';
export { measureFontMetricsTable } from './font-metrics-table.ts';
export { packFaceMetrics } from '../text/font-metrics.ts';
export { getNodeFaceDetector, humanNodePaths, type NodeFaceDetector } from './human-node.ts';
export { readHumanSampleFace } from './human-sample-face.ts';
export {
  ImageInputError,
  isImageInputError,
  type ImageInputErrorCode,
} from './image-input-error.ts';
export { DECODE_SLOTS, decodeSlotUsage } from './decode-gate.ts';
export { assertPanelsBigEnough, type UploadRole } from './panel-minimum.ts';
export { writePoster } from './poster.ts';
/** Which frames repeat the one before (benchmarks paint each run once, as the render does). */
export { frameRuns, type FrameRun } from '../plan/frame-runs.ts';
export { createI420Converter, i420FrameBytes, type I420Converter } from './rgba-to-i420.ts';
/** A render's photos as prepareRender leaves them, each panel cut out for a frame renderer. */
export { cutPanelPhotos, type PanelPhotos } from './panel-photos.ts';
/** The render's own paint worker, for the benchmark that times painting alone. */
export { startParallelPainter, type ParallelPainter } from './parallel-painter.ts';
export {
  ENGINE_VERSION,
  prepareRender,
  renderDecodeSide,
  renderVideoFile,
  type PreparedRender,
  type RenderVideoProgress,
  type RenderVideoRequest,
  type RenderVideoResult,
} from './render-video.ts';
/** Issue #20: what the generative engine needs from the engine (photo, labels, composition). */
export { writeAfterPhoto } from './after-photo.ts';
export {
  writeGeneratedMotionOverlay,
  type GeneratedMotionOverlay,
} from './generated-motion-overlay.ts';
export { buildCompositionArgs, type CompositionSpec } from './generated-clip-args.ts';
export { CompositionError, composeGeneratedClip } from './generated-clip.ts';
export { parseClipInfo, readClipInfo, type ClipInfo } from './clip-info.ts';
