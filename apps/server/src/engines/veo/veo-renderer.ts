import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { GENERATED_MOTION_LABEL } from '@glowreel/contracts';
import { DEFAULT_DISCLOSURE } from '@glowreel/engine';
import {
  composeGeneratedClip,
  readClipInfo,
  writeAfterPhoto,
  writeGeneratedMotionOverlay,
} from '@glowreel/engine/node';
import type { VeoConfig } from '../../config.ts';
import type {
  RenderProgress,
  RenderRequest,
  RenderResult,
  VideoRenderer,
} from '../../jobs/renderer.ts';
import type { GenerativeJob, GenerativeRenderer } from '../generative-renderer.ts';
import { generateClip } from './veo-generation.ts';
import { VeoClient } from './veo-client.ts';
import {
  NEGATIVE_PROMPT,
  VEO_DURATION_SECONDS,
  VEO_PERSON_GENERATION,
  buildVeoPrompt,
  veoAspectRatio,
  veoResolution,
} from './veo-prompt.ts';
import type { VeoRequest } from './veo-wire.ts';

/** The built-in template's end card lasts this long (engine's END_CARD_SECONDS). */
const END_CARD_SECONDS = 1.6;
/** DESIGN.md D3: every video is 30 fps. */
const TEMPLATE_FPS = 30;

// Progress over the whole job (SPEC §4 stages): the model's minutes dominate stage 3.
const STAGE_SPANS = { 1: [0, 10], 2: [10, 20], 3: [20, 85], 4: [85, 100] } as const;

function percentOf(stage: 1 | 2 | 3 | 4, share: number): number {
  const [from, to] = STAGE_SPANS[stage];
  return Math.floor(from + (to - from) * Math.max(0, Math.min(1, share)));
}

/**
 * The generative engine (issue #20): the after photo → Veo → a clip placed inside our own
 * template (rendered by the built-in engine: real photos, Before/After labels, end card and
 * disclosure), every generated frame labelled "AI-generated motion", the whole recorded in
 * the provenance. Progress uses the SPEC's stage names.
 */
export class VeoRenderer implements GenerativeRenderer {
  private readonly client: VeoClient;

  constructor(
    private readonly config: VeoConfig,
    private readonly template: VideoRenderer,
    private readonly ffmpegPath: string | null,
  ) {
    this.client = new VeoClient(config);
  }

  async render(
    request: RenderRequest,
    job: GenerativeJob,
    onProgress: (progress: RenderProgress) => void,
  ): Promise<RenderResult> {
    const report = (stage: 1 | 2 | 3 | 4, share: number) =>
      onProgress({ stage, percent: percentOf(stage, share) });
    report(1, 0);
    const photoPath = path.join(request.outputDir, 'veo-first-frame.png');
    await writeAfterPhoto({
      inputPath: request.inputPath,
      afterInputPath: request.afterInputPath,
      outputPath: photoPath,
    });
    const veoRequest: VeoRequest = {
      prompt: buildVeoPrompt(request.options),
      negativePrompt: NEGATIVE_PROMPT,
      image: {
        bytesBase64Encoded: (await readFile(photoPath)).toString('base64'),
        mimeType: 'image/png',
      },
      aspectRatio: veoAspectRatio(request.options.aspect),
      durationSeconds: VEO_DURATION_SECONDS,
      personGeneration: VEO_PERSON_GENERATION,
      resolution: veoResolution(request),
    };
    report(1, 1);
    const clipPath = path.join(request.outputDir, 'veo-clip.mp4');
    const operation = await generateClip(
      this.client,
      veoRequest,
      clipPath,
      { timeoutMs: this.config.timeoutMs, pollMs: this.config.pollMs },
      { isCanceled: job.isCanceled, onProgress: report },
    );
    const clip = await readClipInfo(clipPath, this.ffmpegPath);

    report(4, 0);
    // The template from the real photos, in its own folder so its files stay apart.
    const templateDir = path.join(request.outputDir, 'template');
    await mkdir(templateDir, { recursive: true, mode: 0o700 });
    const template = await this.template.render(
      { ...request, outputDir: templateDir },
      (progress) => report(4, (progress.percent / 100) * 0.6),
    );
    const overlayPath = path.join(request.outputDir, 'generated-label.png');
    const labels = await writeGeneratedMotionOverlay({
      width: request.width,
      height: request.height,
      aspect: request.options.aspect,
      outputPath: overlayPath,
      typeface: request.branding.typeface ?? null,
      disclosure: request.branding.disclosure ?? DEFAULT_DISCLOSURE,
    });
    const insertAt = template.durationSeconds - END_CARD_SECONDS;
    // Whole frames of the template's rate: the container's duration counts the audio too,
    // which often runs a few milliseconds past the last picture.
    const clipSeconds =
      Math.floor(Math.min(clip.durationSeconds, VEO_DURATION_SECONDS) * TEMPLATE_FPS + 1e-6) /
      TEMPLATE_FPS;
    const generatedSeconds = { from: round(insertAt), to: round(insertAt + clipSeconds) };
    const provenance = {
      engine: 'veo',
      model: this.config.model,
      summary: `Generative motion by Google Veo (${this.config.model}) from the after photo, seconds ${generatedSeconds.from}–${generatedSeconds.to}, labelled "${GENERATED_MOTION_LABEL}" on every generated frame; the rest is the Glowreel built-in engine's real photo pixels.`,
      prompt: veoRequest.prompt,
      negativePrompt: veoRequest.negativePrompt,
      parameters: {
        aspectRatio: veoRequest.aspectRatio,
        durationSeconds: veoRequest.durationSeconds,
        personGeneration: veoRequest.personGeneration,
        resolution: veoRequest.resolution,
        firstFrame: 'after photo',
      },
      operation: { name: operation.operationName, polls: operation.polls },
      generatedSeconds: [generatedSeconds],
      label: { text: GENERATED_MOTION_LABEL, rect: labels.generatedLabel },
      providerClip: {
        width: clip.width,
        height: clip.height,
        fps: round(clip.fps),
        durationSeconds: round(clip.durationSeconds),
        // Generated audio is left out of the video (see generated-clip-args.ts).
        audio: clip.hasAudio ? 'dropped' : 'none',
      },
      template: template.provenance,
    };
    const videoPath = path.join(request.outputDir, 'video.mp4');
    await composeGeneratedClip({
      ffmpegPath: this.ffmpegPath,
      templatePath: template.videoPath,
      clipPath,
      overlayPath,
      outputPath: videoPath,
      width: request.width,
      height: request.height,
      insertAtSeconds: insertAt,
      clipSeconds,
      metadata: { comment: JSON.stringify(provenance), description: provenance.summary },
    });
    report(4, 1);
    return {
      videoPath,
      // The poster is the template's: a frame of the real photos.
      posterPath: template.posterPath,
      durationSeconds: round(template.durationSeconds + clipSeconds),
      fileSize: (await stat(videoPath)).size,
      warnings: template.warnings,
      provenance,
    };
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
