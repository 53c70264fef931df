import type { RenderProgress, RenderRequest, RenderResult } from '../jobs/renderer.ts';

/** What a generative job can ask about itself while the provider works. */
export interface GenerativeJob {
  videoId: string;
  /** The clinic asked to stop it (read from the record, so any process sees it). */
  isCanceled: () => Promise<boolean>;
}

/**
 * An engine that asks a provider for generated motion (issue #20), minutes long, cancelable;
 * a failure throws a GenerationFailure (engines/veo/generation-failure.ts).
 */
export interface GenerativeRenderer {
  render(
    request: RenderRequest,
    job: GenerativeJob,
    onProgress: (progress: RenderProgress) => void,
  ): Promise<RenderResult>;
}
