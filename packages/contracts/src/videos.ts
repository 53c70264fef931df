import { z } from 'zod';
import { consentRecordSchema } from './consent.ts';
import { TEMPLATES } from './creative.ts';
import { DEFAULT_ENGINE, ENGINES } from './engines.ts';
import { RENDER_FAILURE_CODES } from './render-failures.ts';

// The signed-in app's video shapes (SPEC §3 video record, §7 GET /api/videos and its
// Server-Sent Events). One schema each, so the SPA parses exactly what the server sends.

export const videoStatusSchema = z.enum(['processing', 'completed', 'failed']);
export type VideoStatus = z.infer<typeof videoStatusSchema>;

export const videoWarningSchema = z.object({ code: z.string(), message: z.string() });
export type VideoWarning = z.infer<typeof videoWarningSchema>;

/** SPEC §3 video record as GET /api/videos/:id returns it, plus progress and warnings. */
export const videoRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  prompt: z.string(),
  status: videoStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  downloadUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  processingTime: z.number().nullable(),
  fileSize: z.number().nullable(),
  duration: z.number().nullable(),
  errorMessage: z.string().nullable(),
  // Why a failed video failed (render-failures.ts); null unless failed.
  errorCode: z.enum(RENDER_FAILURE_CODES).nullable().default(null),
  progress: z.number(),
  stage: z.number(),
  width: z.number(),
  height: z.number(),
  // Records written before warnings existed have none.
  warnings: z.array(videoWarningSchema).default([]),
  // The template the video is made with; null on records made before templates.
  template: z.enum(TEMPLATES).nullable().default(null),
  // The engine that made it (issue #20); records from before engines were the built-in's.
  engine: z.enum(ENGINES).default(DEFAULT_ENGINE),
  // The consent recorded with the video (issue #18); null on records made before them.
  consent: consentRecordSchema.nullable().default(null),
});
export type VideoRecord = z.infer<typeof videoRecordSchema>;

/** GET /api/videos: the clinic's own videos, newest first. */
export const videoListSchema = z.object({ videos: z.array(videoRecordSchema) });

/** One Server-Sent Event of GET /api/videos/:id/events (its `data` line, as JSON). */
export const videoEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    stage: z.number(),
    stageName: z.string().catch(''),
    progress: z.number(),
  }),
  z.object({ type: z.literal('completed') }),
  z.object({
    type: z.literal('failed'),
    errorCode: z.enum(RENDER_FAILURE_CODES).catch('render_failed'),
    errorMessage: z.string().catch(''),
  }),
]);
export type VideoEvent = z.infer<typeof videoEventSchema>;
