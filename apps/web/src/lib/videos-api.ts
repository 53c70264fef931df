import {
  defaultTemplateFor,
  errorBodySchema,
  videoEventSchema,
  videoListSchema,
  videoRecordSchema,
  type Aspect,
  type ConsentChannel,
  type EngineId,
  type EmphasisEffect,
  type MotionSpeed,
  type PrimaryAnimation,
  type TreatedAreaName,
  type Typeface,
  type Template,
  type VideoEvent,
  type VideoRecord,
  type VideoStatus,
} from '@glowreel/contracts';
import type { z } from 'zod';
import { ApiError, requestJson } from './api-client.ts';

export type { VideoEvent, VideoRecord, VideoStatus };

/** Every video query starts with this key: invalidating it refreshes the list and the running job. */
export const VIDEOS_QUERY_KEY = ['videos'] as const;
export const RUNNING_VIDEO_QUERY_KEY = [...VIDEOS_QUERY_KEY, 'running'] as const;

export interface VideoFormOptions {
  primaryAnimation: PrimaryAnimation;
  emphasisEffect: EmphasisEffect;
  motionSpeed: MotionSpeed;
  aspect: Aspect;
  autoAlign: boolean;
  /** Where the treatment was; null until the clinic says (required for after-photo motion). */
  treatedArea: TreatedAreaName | null;
  /** Null until the clinic picks one: the format's default, which follows the format. */
  template: Template | null;
}

/** The template the video will be made with: the one picked, else the format's default. */
export function chosenTemplate(options: Pick<VideoFormOptions, 'aspect' | 'template'>): Template {
  return options.template ?? defaultTemplateFor(options.aspect);
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

/** The brand kit's look for this video (issue #16 §5): accent and typeface. */
export interface VideoBrandLook {
  /** #rrggbb */
  accentColor: string;
  typeface: Typeface;
}
/** One composite photo, or the two photos of a pair (the API's image / beforeImage + afterImage). */
export type VideoPhotos = { image: File } | { before: File; after: File };

export interface CreateVideoInput {
  photos: VideoPhotos;
  /** Issue #20: who makes the motion; the built-in engine unless the clinic chose Veo. */
  engine?: EngineId;
  /** The clinic's logo for the end card. */
  logo: File | null;
  options: VideoFormOptions;
  text: VideoTextFields;
  look: VideoBrandLook;
  consent: boolean;
  /** What is recorded with the attestation (issue #18 §1). */
  consentDetails: {
    channels: readonly ConsentChannel[];
    patientReference: string;
    /** YYYY-MM-DD, or empty. */
    expiresOn: string;
  };
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
  if ('image' in input.photos) form.append('image', input.photos.image);
  else {
    form.append('beforeImage', input.photos.before);
    form.append('afterImage', input.photos.after);
  }
  if (input.logo) form.append('logo', input.logo);
  form.append('primaryAnimation', input.options.primaryAnimation);
  form.append('emphasisEffect', input.options.emphasisEffect);
  form.append('motionSpeed', input.options.motionSpeed);
  form.append('aspect', input.options.aspect);
  form.append('template', chosenTemplate(input.options));
  form.append('autoAlign', String(input.options.autoAlign));
  if (input.options.treatedArea) form.append('treatedArea', input.options.treatedArea);
  if (input.engine && input.engine !== 'builtin') form.append('engine', input.engine);
  form.append('consent', String(input.consent));
  // An empty list lets the server apply its default and say so in the video's warnings.
  form.append('consentChannels', input.consentDetails.channels.join(','));
  const reference = input.consentDetails.patientReference.trim();
  if (reference !== '') form.append('patientReference', reference);
  if (input.consentDetails.expiresOn !== '')
    form.append('consentExpiresAt', input.consentDetails.expiresOn);
  form.append('accentColor', input.look.accentColor);
  form.append('typeface', input.look.typeface);
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

/** Revokes the patient's consent for a video (issue #18 §1): the video is withdrawn at once. */
export async function revokeConsent(id: string, reason: string): Promise<VideoRecord> {
  return parseVideoRecord(
    await requestJson('POST', `/api/videos/${encodeURIComponent(id)}/consent/revoke`, { reason }),
  );
}

export async function fetchVideo(id: string): Promise<VideoRecord> {
  return parseVideoRecord(await requestJson('GET', `/api/videos/${encodeURIComponent(id)}`));
}

/** The address parameter naming the video /generate follows (a refresh keeps following it). */
export const VIDEO_PAGE_PARAM = 'video';

/** /generate showing one video: its live progress, its result or its failure. */
export function videoPageUrl(id: string): string {
  return `/generate?${new URLSearchParams({ [VIDEO_PAGE_PARAM]: id }).toString()}`;
}

export function videoEventsUrl(id: string): string {
  return `/api/videos/${encodeURIComponent(id)}/events`;
}

/** The download URL answers with an attachment; `inline=1` streams it for a <video> player. */
export function inlineVideoUrl(downloadUrl: string): string {
  return `${downloadUrl}?inline=1`;
}

/** GET /api/videos: the clinic's own videos, newest first (SPEC §7 query by userId). */
export async function fetchVideos(): Promise<VideoRecord[]> {
  return parseWith(videoListSchema, await requestJson('GET', '/api/videos')).videos;
}

/**
 * The clinic's newest render still running on the server, or null. A refresh, Back or
 * another tab finds the job here: the server's record is the truth, not the page's memory.
 */
export async function fetchRunningVideo(): Promise<VideoRecord | null> {
  return (await fetchVideos()).find((video) => video.status === 'processing') ?? null;
}

/** One Server-Sent Event's data line; null for anything that is not one of ours. */
export function parseVideoEvent(data: string): VideoEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = videoEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function parseVideoRecord(payload: unknown): VideoRecord {
  return parseWith(videoRecordSchema, payload);
}

/** A reply that does not match the contract is a server fault, not something to render. */
function parseWith<Schema extends z.ZodType>(schema: Schema, payload: unknown): z.output<Schema> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(500, 'UNEXPECTED_RESPONSE', '');
  return parsed.data;
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
