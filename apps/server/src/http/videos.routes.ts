import fastifyMultipart from '@fastify/multipart';
import {
  BRAND_LIMITS,
  ENGINES,
  TYPEFACES,
  accentColorSchema,
  consentRevokeRequestSchema,
  invalidTemplateMessage,
  isTemplate,
  plainLine,
  videoOptionsSchema,
} from '@glowreel/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { startsADownload, userActor } from '../audit/request-actor.ts';
import type { Auth } from '../auth/auth.ts';
import { AppError } from '../errors.ts';
import type { ProgressBus } from '../jobs/progress-bus.ts';
import type { VideoStorage } from '../storage/video-storage.ts';
import { GENERATE_COPY } from '../services/video-copy.ts';
import type { VideosService } from '../services/videos.service.ts';
import type { ConsentRecordsRepository } from '../db/consent-records.repository.ts';
import type { ConsentService } from '../services/consent.service.ts';
import { consentWithdrawal } from '../services/consent-records.ts';
import { consentFromForm } from './consent-input.ts';
import { parseJsonObjectBody } from './parse-body.ts';
import { readMultipartBody } from './multipart-body.ts';
import { streamStoredFile } from './range.ts';
import { findSessionUserId } from './session.ts';
import { streamVideoEvents } from './video-events.ts';
import { requireActor, requireActorWith, requirePermission } from './actor.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface VideosRoutesOptions {
  auth: Auth;
  videos: VideosService;
  consents: ConsentRecordsRepository;
  consent: ConsentService;
  storage: VideoStorage;
  progress: ProgressBus;
}

const formFieldsSchema = z.object({
  primaryAnimation: z.string().optional(),
  emphasisEffect: z.string().optional(),
  motionSpeed: z.string().optional(),
  aspect: z.string().optional(),
  template: z.string().optional(),
  // Issue #20: "builtin" (default) or "veo"; empty is what the form sends with no choice.
  engine: z.union([z.enum(ENGINES), z.literal('')]).optional(),
  autoAlign: z.enum(['true', 'false']).optional(),
  treatedArea: z.string().optional(),
  consent: z.string().optional(),
  // Issue #18 §1: the consent's details, recorded with the video.
  consentChannels: z.string().max(100).optional(),
  patientReference: z.string().optional(),
  consentExpiresAt: z.string().max(40).optional(),
  title: plainLine('The title').max(120, 'The title can be at most 120 characters.').optional(),
  clinicName: plainLine('clinicName').max(BRAND_LIMITS.clinicName).optional(),
  contact: plainLine('contact').max(BRAND_LIMITS.contact).optional(),
  // The brand kit's look (issue #16 §5); the form sends the saved kit's, or the clinic's edit.
  accentColor: accentColorSchema.optional(),
  typeface: z.enum(TYPEFACES).optional(),
  treatmentTitle: plainLine('treatmentTitle').max(80).optional(),
  disclosure: plainLine('disclosure').max(160).optional(),
});

interface ParsedUpload {
  image: Uint8Array | null;
  beforeImage: Uint8Array | null;
  afterImage: Uint8Array | null;
  logo: Uint8Array | null;
  fields: Record<string, string>;
}

/** The photo fields a form may send: one composite, or a before and an after photo. */
const PHOTO_FIELDS = ['image', 'beforeImage', 'afterImage'] as const;
type PhotoField = (typeof PHOTO_FIELDS)[number];

async function readUpload(request: FastifyRequest): Promise<ParsedUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      'Send the photo as multipart/form-data with the file in the "image" field (or two photos in "beforeImage" and "afterImage").',
    );
  }
  const fields: Record<string, string> = {};
  const photos: Partial<Record<PhotoField, Uint8Array>> = {};
  let logo: Uint8Array | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      const photoField = PHOTO_FIELDS.find((name) => name === part.fieldname);
      if (photoField) photos[photoField] = bytes;
      // An empty logo part is what a form sends when no logo was chosen.
      else if (part.fieldname === 'logo' && bytes.length > 0) logo = bytes;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return {
    image: photos.image ?? null,
    beforeImage: photos.beforeImage ?? null,
    afterImage: photos.afterImage ?? null,
    logo,
    fields,
  };
}

/**
 * One composite (`image`), or a pair (`beforeImage` with `afterImage`) — the web form's
 * counterpart of the public API's composite_image / before_image + after_image, with the
 * same rules and the same codes.
 */
function pickPhotos(upload: ParsedUpload): { image: Uint8Array; afterImage: Uint8Array | null } {
  const { image, beforeImage: before, afterImage: after } = upload;
  if (image && !before && !after) return { image, afterImage: null };
  if (before && after && !image) return { image: before, afterImage: after };
  if (image) {
    throw new AppError(
      'invalid_request',
      'Send either image (one composite photo) or beforeImage with afterImage (two photos), not both.',
    );
  }
  if (before || after) {
    throw new AppError(
      'missing_image',
      `${before ? 'afterImage' : 'beforeImage'} is missing: send both photos of the pair, or one composite image.`,
      { field: before ? 'afterImage' : 'beforeImage' },
    );
  }
  throw new AppError('bad_request', GENERATE_COPY.imageRequired);
}

function parseOptions(fields: Record<string, string>) {
  const parsed = formFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('validation_failed', issue?.message ?? 'Invalid form fields.', {
      field: issue?.path.join('.'),
    });
  }
  // An empty field is what the form sends before a template is picked: the format's default.
  const template = parsed.data.template || undefined;
  if (template !== undefined && !isTemplate(template)) {
    throw new AppError('invalid_template', invalidTemplateMessage(template), { field: 'template' });
  }
  const options = videoOptionsSchema.safeParse({
    primaryAnimation: parsed.data.primaryAnimation || undefined,
    emphasisEffect: parsed.data.emphasisEffect || undefined,
    motionSpeed: parsed.data.motionSpeed || undefined,
    aspect: parsed.data.aspect || undefined,
    template,
    autoAlign: parsed.data.autoAlign === undefined ? undefined : parsed.data.autoAlign === 'true',
    treatedArea: parsed.data.treatedArea || undefined,
  });
  if (!options.success) {
    const issue = options.error.issues[0];
    throw new AppError(
      'validation_failed',
      `Invalid ${issue?.path.join('.') ?? 'option'}: ${issue?.message ?? ''}`.trim(),
      {
        field: issue?.path.join('.'),
      },
    );
  }
  return { options: options.data, form: parsed.data };
}

export async function registerVideosRoutes(
  app: FastifyInstance,
  options: VideosRoutesOptions,
): Promise<void> {
  const { auth, videos, consents, consent: consentService, storage, progress } = options;
  await app.register(fastifyMultipart, {
    // Four files at most: a composite or a before and an after photo, and the clinic's logo
    // (one more than a valid form sends, so "composite and pair at once" gets its own answer).
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 4, fields: 20, fieldSize: 4096 },
    throwFileSizeLimit: true,
  });

  app.post('/api/videos', async (request, reply) => {
    const upload = await readMultipartBody(
      () => readUpload(request),
      () =>
        new AppError(
          'payload_too_large',
          'The photo is larger than 10 MB. Please upload a smaller image.',
        ),
    );
    // SPEC §5 order: the image, then sign-in, then credits (checked when one is reserved).
    const photos = pickPhotos(upload);
    const userId = await findSessionUserId(auth, request);
    if (!userId) throw new AppError('unauthorized', GENERATE_COPY.loginRequired);
    const actor = await requireActor(auth, request);
    requirePermission(actor, { video: 'create' });
    const { options: videoOptions, form } = parseOptions(upload.fields);
    if (form.consent !== 'true')
      throw new AppError('validation_failed', GENERATE_COPY.consentRequired, { field: 'consent' });
    const consent = consentFromForm(form, request, new Date());
    const record = await videos.createVideo({
      userId,
      clinicId: actor.clinicId,
      image: photos.image,
      afterImage: photos.afterImage,
      logo: upload.logo,
      options: videoOptions,
      engine: form.engine || undefined,
      title: form.title ?? null,
      consent,
      actor: userActor(request, userId),
      branding: {
        clinicName: form.clinicName ?? null,
        contact: form.contact ?? null,
        treatmentTitle: form.treatmentTitle ?? null,
        disclosure: form.disclosure ?? null,
        accentColor: form.accentColor ?? null,
        typeface: form.typeface ?? null,
      },
    });
    return reply.status(202).send(record);
  });

  app.get('/api/videos', async (request) => {
    const { clinicId } = await requireActor(auth, request);
    return { videos: await videos.listVideos(clinicId) };
  });

  app.get<{ Params: { id: string } }>('/api/videos/:id', async (request) => {
    const { clinicId } = await requireActor(auth, request);
    return videos.getVideo(clinicId, request.params.id);
  });

  app.get<{ Params: { id: string } }>('/api/videos/:id/events', async (request, reply) => {
    const { clinicId } = await requireActor(auth, request);
    await videos.getVideo(clinicId, request.params.id); // 404 before the stream opens
    await streamVideoEvents(
      request,
      reply,
      request.params.id,
      () => videos.getVideo(clinicId, request.params.id),
      progress,
    );
  });

  // Issue #20: a generative video takes minutes; the clinic may stop it and get its credits back.
  app.post<{ Params: { id: string } }>('/api/videos/:id/cancel', async (request) => {
    const { clinicId } = await requireActor(auth, request);
    return videos.cancelVideo(clinicId, request.params.id);
  });

  app.post<{ Params: { id: string } }>('/api/videos/:id/consent/revoke', async (request) => {
    const { userId, clinicId } = await requireActorWith(auth, request, { video: 'delete' });
    const { reason } = parseJsonObjectBody(consentRevokeRequestSchema, request.body);
    await consentService.revokeForClinic(
      { userId, clinicId },
      request.params.id,
      reason,
      userActor(request, userId),
    );
    return videos.getVideo(clinicId, request.params.id);
  });

  type StoredRequest = FastifyRequest<{ Params: { id: string }; Querystring: { inline?: string } }>;
  const sendStored = async (
    request: StoredRequest,
    reply: FastifyReply,
    kind: 'video' | 'thumbnail',
  ) => {
    const { userId, clinicId } = await requireActor(auth, request);
    const row = await videos.requireClinicVideo(clinicId, request.params.id);
    const key = kind === 'video' ? row.video_key : row.thumbnail_key;
    if (row.status !== 'completed' || !key)
      throw new AppError('not_found', 'This video is not ready yet.');
    // Withdrawn from the moment its consent is revoked or ends (issue #18 §1).
    const withdrawal = consentWithdrawal(await consents.findForVideo(row.id), new Date());
    if (withdrawal) throw new AppError(withdrawal.code, withdrawal.message);
    // The player's inline streaming is viewing; saving the file is the download the log keeps.
    const isDownload = kind === 'video' && request.query.inline !== '1';
    if (isDownload && startsADownload(request))
      await videos.recordDownload(row, userActor(request, userId));
    return streamStoredFile(request, reply, storage, key, {
      contentType: kind === 'video' ? 'video/mp4' : 'image/jpeg',
      // The player streams inline; the download link saves a file named after the title.
      downloadName: isDownload ? `${row.title}.mp4` : null,
    });
  };
  app.get<{ Params: { id: string }; Querystring: { inline?: string } }>(
    '/api/videos/:id/download',
    (request, reply) => sendStored(request, reply, 'video'),
  );
  app.get<{ Params: { id: string }; Querystring: { inline?: string } }>(
    '/api/videos/:id/thumbnail',
    (request, reply) => sendStored(request, reply, 'thumbnail'),
  );
}
