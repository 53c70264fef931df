import { isSafetyCategory, type SafetyCategory } from '@glowreel/contracts';
import { z } from 'zod';

// The Gemini API's own REST surface for Veo (issue #20), as Google documents it:
//   POST {base}/v1beta/models/{model}:predictLongRunning  → an operation { name }
//   GET  {base}/v1beta/{operation name}                   → { done, response | error }
//   the finished video: response.generateVideoResponse.generatedSamples[0].video.uri
// Pure builders and parsers; veo-client.ts does the HTTP.

export interface VeoRequest {
  prompt: string;
  negativePrompt: string;
  image: { bytesBase64Encoded: string; mimeType: 'image/png' | 'image/jpeg' };
  aspectRatio: '16:9' | '9:16';
  durationSeconds: number;
  personGeneration: string;
  resolution: '720p' | '1080p';
}

/** The predictLongRunning body: one instance (prompt + first frame), and its parameters. */
export function buildPredictBody(request: VeoRequest) {
  return {
    instances: [{ prompt: request.prompt, image: request.image }],
    parameters: {
      aspectRatio: request.aspectRatio,
      durationSeconds: request.durationSeconds,
      negativePrompt: request.negativePrompt,
      personGeneration: request.personGeneration,
      resolution: request.resolution,
      sampleCount: 1,
    },
  };
}

/** The provider answered something that is not its documented shape. */
export class MalformedResponse extends Error {
  constructor(what: string) {
    super(`the Veo API answered an unexpected shape: ${what}`);
    this.name = 'MalformedResponse';
  }
}

const submittedSchema = z.object({ name: z.string().min(1).max(500) });

export function parseSubmitted(body: unknown): string {
  const parsed = submittedSchema.safeParse(body);
  if (!parsed.success) throw new MalformedResponse('no operation name after predictLongRunning');
  // The name is put into the next URL's path: nothing but its documented characters.
  if (!/^[A-Za-z0-9._/-]+$/.test(parsed.data.name) || parsed.data.name.includes('..')) {
    throw new MalformedResponse('an operation name with unexpected characters');
  }
  return parsed.data.name;
}

const operationSchema = z.object({
  name: z.string().optional(),
  done: z.boolean().optional(),
  error: z.object({ code: z.number().optional(), message: z.string().optional() }).optional(),
  response: z
    .object({
      generateVideoResponse: z
        .object({
          generatedSamples: z
            .array(z.object({ video: z.object({ uri: z.string().optional() }).optional() }))
            .optional(),
          raiMediaFilteredCount: z.number().optional(),
          raiMediaFilteredReasons: z.array(z.string()).optional(),
        })
        .optional(),
    })
    .optional(),
});

export type OperationState =
  | { state: 'running' }
  | { state: 'succeeded'; videoUri: string }
  | { state: 'refused'; category: SafetyCategory; reasons: string[] }
  | { state: 'quota' }
  | { state: 'failed'; reason: string };

/** google.rpc.Code RESOURCE_EXHAUSTED (8), or an HTTP 429 carried as the code. */
const QUOTA_CODES = new Set([8, 429]);

export function parseOperation(body: unknown): OperationState {
  const parsed = operationSchema.safeParse(body);
  if (!parsed.success) throw new MalformedResponse('an operation that is not an object');
  const operation = parsed.data;
  if (operation.done !== true) {
    if (operation.error) throw new MalformedResponse('an error on an operation not done');
    return { state: 'running' };
  }
  if (operation.error) {
    const code = operation.error.code ?? 0;
    if (QUOTA_CODES.has(code) || /RESOURCE_EXHAUSTED/.test(operation.error.message ?? '')) {
      return { state: 'quota' };
    }
    return { state: 'failed', reason: `operation error ${code}` };
  }
  const result = operation.response?.generateVideoResponse;
  if (!result) throw new MalformedResponse('a finished operation without generateVideoResponse');
  const reasons = result.raiMediaFilteredReasons ?? [];
  const uri = result.generatedSamples?.[0]?.video?.uri;
  if ((result.raiMediaFilteredCount ?? 0) > 0 || (!uri && reasons.length > 0)) {
    return { state: 'refused', category: safetyCategoryOf(reasons), reasons };
  }
  if (!uri) throw new MalformedResponse('a finished operation without a video uri');
  return { state: 'succeeded', videoUri: uri };
}

// The safety filter's reasons are sentences (and support codes); the clinic is told which of a
// few categories it fell in. Checked in this order: the first that matches names it.
const CATEGORY_PATTERNS: [SafetyCategory, RegExp][] = [
  ['children', /\b(child|children|minor|minors|kid|kids|underage)\b/i],
  ['sexual content', /\b(sexual|sexually|nudity|nude|porn|racy|explicit)\b/i],
  ['violence', /\b(violen\w*|gore|weapon\w*|harm)\b/i],
  ['people or faces', /\b(person|people|face|faces|celebrit\w*|identity|likeness|prominent)\b/i],
];

export function safetyCategoryOf(reasons: readonly string[]): SafetyCategory {
  const text = reasons.join(' ');
  const found = CATEGORY_PATTERNS.find(([, pattern]) => pattern.test(text));
  const category = found?.[0] ?? 'other content';
  return isSafetyCategory(category) ? category : 'other content';
}
