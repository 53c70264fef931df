import type {
  Aspect,
  EmphasisEffect,
  MotionSpeed,
  PrimaryAnimation,
  TreatedAreaName,
  Typeface,
  Template,
} from '@glowreel/contracts';

export interface RenderRequest {
  inputPath: string;
  /** The after photo of a pair; `inputPath` is then the before photo. */
  afterInputPath: string | null;
  /** The clinic's logo for the end card. */
  logoPath: string | null;
  outputDir: string;
  width: number;
  height: number;
  options: {
    primaryAnimation: PrimaryAnimation;
    emphasisEffect: EmphasisEffect;
    motionSpeed: MotionSpeed;
    aspect: Aspect;
    autoAlign: boolean;
    /** Absent on jobs queued before the clinic could state it. */
    treatedArea?: TreatedAreaName | null | undefined;
    /** Absent on jobs stored before templates: the engine uses the format's default. */
    template?: Template;
  };
  branding: {
    clinicName: string;
    contact: string | null;
    treatmentTitle: string | null;
    disclosure: string | null;
    /** The brand kit's accent (#rrggbb); absent on records made before brand kits. */
    accentColor?: string | null;
    /** The brand kit's typeface; absent on records made before brand kits. */
    typeface?: Typeface | null;
  };
  /** The consent record the video was made under (its id goes into the provenance). */
  consentId?: string | null;
}

export interface RenderProgress {
  stage: 1 | 2 | 3 | 4;
  /** 0–100 over the whole job. */
  percent: number;
}

export interface RenderResult {
  videoPath: string;
  posterPath: string;
  durationSeconds: number;
  fileSize: number;
  warnings: { code: string; message: string }[];
  provenance: unknown;
}

/** Turns an uploaded photo into an MP4 and a poster; runs off the main thread. */
export interface VideoRenderer {
  render(
    request: RenderRequest,
    onProgress: (progress: RenderProgress) => void,
  ): Promise<RenderResult>;
  close(): Promise<void>;
}

export class RenderError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'RenderError';
  }
}
