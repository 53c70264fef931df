import {
  errorBodySchema,
  type Aspect,
  type EmphasisEffect,
  type MotionSpeed,
  type PrimaryAnimation,
} from '@glowreel/contracts';
import { ApiError, requestJson } from './api-client.ts';

export type VideoStatus = 'processing' | 'completed' | 'failed';

export interface VideoWarning {
  code: string;
  message: string;
}

/** SPEC §3 video record as GET /api/videos/:id returns it, plus progress and warnings. */
export interface VideoRecord {
  id: string;
  userId: string;
  title: string;
  prompt: string;
  status: VideoStatus;
  createdAt: string;
  updatedAt: string;
  downloadUrl: string | null;
  thumbnailUrl: string | null;
  processingTime: number | null;
  fileSize: number | null;
  duration: number | null;
  errorMessage: string | null;
  progress: number;
  stage: number;
  width: number;
  height: number;
  warnings: VideoWarning[];
}

export interface VideoFormOptions {
  primaryAnimation: PrimaryAnimation;
  emphasisEffect: EmphasisEffect;
  motionSpeed: MotionSpeed;
  aspect: Aspect;
  autoAlign: boolean;
}

/** Free-text fields; an empty one is left out so the server applies its default. */
export interface VideoTextFields {
  title: string;
  clinicName: string;
  contact: string;
  treatmentTitle: string;
  disclosure: string;
}

const TEXT_FIELD_NAMES = [
  'title',
  'clinicName',
  'contact',
  'treatmentTitle',
  'disclosure',
] as const satisfies readonly (keyof VideoTextFields)[];

export interface CreateVideoInput {
  image: File;
  /** The clinic's logo for the end card. */
  logo: File | null;
  options: VideoFormOptions;
  text: VideoTextFields;
  consent: boolean;
}

/** An API error that also carries the server's `details.code` (e.g. invalid_image_format). */
export class VideoApiError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly reason: string | null,
  ) {
    super(status, code, message);
  }
}

/** POST /api/videos: reserves one credit and queues the render; answers 202 with the record. */
export async function createVideo(input: CreateVideoInput): Promise<VideoRecord> {
  const form = new FormData();
  form.append('image', input.image);
  if (input.logo) form.append('logo', input.logo);
  form.append('primaryAnimation', input.options.primaryAnimation);
  form.append('emphasisEffect', input.options.emphasisEffect);
  form.append('motionSpeed', input.options.motionSpeed);
  form.append('aspect', input.options.aspect);
  form.append('autoAlign', String(input.options.autoAlign));
  form.append('consent', String(input.consent));
  for (const name of TEXT_FIELD_NAMES) {
    const value = input.text[name].trim();
    if (value !== '') form.append(name, value);
  }
  // No content-type header: the browser writes the multipart boundary itself.
  const response = await fetch('/api/videos', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    body: form,
  });
  const payload = await readJson(response);
  if (!response.ok) throw toVideoApiError(response.status, payload);
  return parseVideoRecord(payload);
}

export async function fetchVideo(id: string): Promise<VideoRecord> {
  return parseVideoRecord(await requestJson('GET', `/api/videos/${encodeURIComponent(id)}`));
}

export function videoEventsUrl(id: string): string {
  return `/api/videos/${encodeURIComponent(id)}/events`;
}

/** The download URL answers with an attachment; `inline=1` streams it for a <video> player. */
export function inlineVideoUrl(downloadUrl: string): string {
  return `${downloadUrl}?inline=1`;
}

/** One Server-Sent Event of GET /api/videos/:id/events. */
export type VideoEvent =
  | { type: 'progress'; stage: number; stageName: string; progress: number }
  | { type: 'completed' }
  | { type: 'failed'; errorMessage: string };

export function parseVideoEvent(data: string): VideoEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  switch (value.type) {
    case 'progress':
      return typeof value.stage === 'number' && typeof value.progress === 'number'
        ? {
            type: 'progress',
            stage: value.stage,
            stageName: typeof value.stageName === 'string' ? value.stageName : '',
            progress: value.progress,
          }
        : null;
    case 'completed':
      return { type: 'completed' };
    case 'failed':
      return {
        type: 'failed',
        errorMessage: typeof value.errorMessage === 'string' ? value.errorMessage : '',
      };
    default:
      return null;
  }
}

function parseVideoRecord(payload: unknown): VideoRecord {
  // The server is ours and typed; this guards the few fields the screen branches on.
  if (
    !isObject(payload) ||
    typeof payload.id !== 'string' ||
    (payload.status !== 'processing' &&
      payload.status !== 'completed' &&
      payload.status !== 'failed')
  ) {
    throw new ApiError(500, 'UNEXPECTED_RESPONSE', '');
  }
  const record = payload as unknown as VideoRecord;
  return { ...record, warnings: Array.isArray(record.warnings) ? record.warnings : [] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy or crash page is not our error shape; the screen falls back to its own copy.
    return null;
  }
}

function toVideoApiError(status: number, payload: unknown): VideoApiError {
  const parsed = errorBodySchema.safeParse(payload);
  if (!parsed.success) return new VideoApiError(status, 'UNKNOWN', '', null);
  const { code, message, details } = parsed.data.error;
  const reason = isObject(details) && typeof details.code === 'string' ? details.code : null;
  return new VideoApiError(status, code, message, reason);
}
