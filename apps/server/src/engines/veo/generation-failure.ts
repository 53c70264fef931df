import type { RenderFailureCode, SafetyCategory } from '@glowreel/contracts';

export type GenerationFailureCode = Extract<RenderFailureCode, `generation_${string}`>;

/**
 * Why a generative video ended without a clip: the code the clinic sees (every one refunded)
 * and, for a safety refusal, its reason category. The message is for the server log only and
 * never holds the provider key.
 */
export class GenerationFailure extends Error {
  constructor(
    readonly code: GenerationFailureCode,
    message: string,
    readonly safetyCategory: SafetyCategory | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GenerationFailure';
  }
}
