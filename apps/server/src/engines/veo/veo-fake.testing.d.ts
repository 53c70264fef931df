export type VeoScenario =
  'success' | 'slow' | 'quota' | 'safety' | 'server-error' | 'never-finishes' | 'malformed';
export interface SubmittedRequest {
  model: string;
  prompt: string;
  negativePrompt: string;
  mimeType: string;
  imageBytes: Buffer;
  aspectRatio: string;
  durationSeconds: number;
  personGeneration: string;
  resolution: string;
}
export interface VeoFake {
  url: string;
  apiKey: string;
  scenario: VeoScenario;
  /** Polls a 'slow' operation answers "not done" before it is. */
  slowPolls: number;
  /** Forces the clip's resolution (the real model may answer 1080p); null: as requested. */
  clipResolution: '720p' | '1080p' | null;
  readonly submitted: SubmittedRequest[];
  readonly polls: number;
  readonly downloads: number;
  /** Requests that came without the right key (any would be a bug). */
  readonly keyRejections: number;
  close(): Promise<void>;
}
export declare function startVeoFake(apiKey?: string): Promise<VeoFake>;
