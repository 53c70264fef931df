import { createHash } from 'node:crypto';
import {
  apiConsentInputSchema,
  type ApiConsentInput,
  isControlCharactersIssue,
  apiGenerateJsonSchema,
  apiGenerateMultipartFieldsSchema,
  apiGenerateOptionsSchema,
  type EngineId,
  type Typeface,
  invalidTemplateMessage,
  type Template,
} from '@glowreel/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import type { ApiGenerateInput } from '../services/api-videos.service.ts';
import { readMultipartBody } from './multipart-body.ts';
import { MAX_UPLOAD_BYTES } from './videos.routes.ts';

const IMAGE_FIELDS = ['before_image', 'after_image', 'composite_image'] as const;
type ImageField = (typeof IMAGE_FIELDS)[number];
/** The clinic's logo, overriding the brand kit's for this video. */
const LOGO_FIELD = 'logo';
const FILE_FIELDS = [...IMAGE_FIELDS, LOGO_FIELD] as const;

export interface ParsedGenerateRequest {
  input: Omit<ApiGenerateInput, 'consent' | 'actor'>;
  /** The request's `consent` object, checked against its schema; turned into a record later. */
  consent: ApiConsentInput | undefined;
  /** SHA-256 over the request's meaning (images by their own hash), for Idempotency-Key. */
  requestHash: string;
}

/** The first problem of a failed zod parse, as the API's error. */
function toInputError(error: z.ZodError, received: Record<string, unknown> = {}): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue?.message ?? 'The request is not valid.';
  if (isControlCharactersIssue(issue)) {
    return new AppError('validation_failed', `Invalid ${field}: ${message}`, { field });
  }
  if (field === 'template') {
    return new AppError('invalid_template', invalidTemplateMessage(received.template), { field });
  }
  if (field === 'engine') {
    return new AppError(
      'engine_unavailable',
      `engine must be "builtin" or "veo"; got ${JSON.stringify(received.engine)}.`,
      { field },
    );
  }
  if (field === 'consent_attested') {
    return new AppError(
      'consent_required',
      'Set consent_attested to true to confirm the patient has authorized marketing use of these photos.',
      { field },
    );
  }
  if (field === 'consent' || field.startsWith('consent.')) {
    return new AppError('invalid_consent', `Invalid ${field}: ${message}`, { field });
  }
  if (field.startsWith('options') || issue?.code === 'unrecognized_keys') {
    const keys = issue?.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
    return new AppError('invalid_option', `Invalid ${field || 'field'}${keys}: ${message}`, {
      field,
    });
  }
  return new AppError('invalid_request', `Invalid ${field || 'request'}: ${message}`, { field });
}

function decodeBase64Image(field: ImageField | typeof LOGO_FIELD, value: string): Uint8Array {
  const data = value.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(data) || data.length === 0) {
    // A bad logo keeps the logo's own code, as everywhere else.
    throw new AppError(
      field === LOGO_FIELD ? 'invalid_logo' : 'invalid_image_format',
      `${field} is not base64 image data.`,
      { field },
    );
  }
  const bytes = Buffer.from(data, 'base64');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new AppError('image_too_large', `${field} is larger than 10 MB.`, { field });
  }
  return bytes;
}

/** composite_image alone, or before_image with after_image. */
function pickImages(images: Partial<Record<ImageField, Uint8Array>>): {
  image: Uint8Array;
  afterImage: Uint8Array | null;
} {
  const { before_image: before, after_image: after, composite_image: composite } = images;
  if (composite && !before && !after) return { image: composite, afterImage: null };
  if (before && after && !composite) return { image: before, afterImage: after };
  if (composite) {
    throw new AppError(
      'invalid_request',
      'Send either composite_image or before_image with after_image, not both.',
    );
  }
  throw new AppError(
    'missing_image',
    before || after
      ? `${before ? 'after_image' : 'before_image'} is missing: send both photos of the pair, or one composite_image.`
      : 'Send composite_image, or before_image and after_image.',
  );
}

type RequestFiles = Partial<Record<ImageField | typeof LOGO_FIELD, Uint8Array>>;

function hashRequest(fields: unknown, images: RequestFiles): string {
  const imageHashes = Object.fromEntries(
    FILE_FIELDS.filter((field) => images[field]).map((field) => [
      field,
      createHash('sha256')
        .update(images[field] ?? new Uint8Array())
        .digest('hex'),
    ]),
  );
  return createHash('sha256')
    .update(JSON.stringify({ fields, images: imageHashes }))
    .digest('hex');
}

function toInput(
  fields: {
    options?: z.infer<typeof apiGenerateOptionsSchema> | undefined;
    aspect: ApiGenerateInput['aspect'];
    template?: Template | undefined;
    title?: string | undefined;
    webhook_url?: string | undefined;
    auto_align: boolean;
    treated_area?: ApiGenerateInput['options']['treatedArea'];
    clinic_name?: string | undefined;
    contact?: string | undefined;
    accent_color?: string | undefined;
    typeface?: Typeface | undefined;
    consent?: ApiConsentInput | undefined;
    engine?: EngineId | undefined;
  },
  images: RequestFiles,
): ParsedGenerateRequest {
  const options = fields.options ?? apiGenerateOptionsSchema.parse({});
  const normalized = {
    options,
    aspect: fields.aspect,
    template: fields.template ?? null,
    title: fields.title ?? null,
    webhook_url: fields.webhook_url ?? null,
    auto_align: fields.auto_align,
    // Only when sent, so requests without it keep the hash they had before the field existed.
    ...(fields.treated_area && { treated_area: fields.treated_area }),
    clinic_name: fields.clinic_name ?? null,
    contact: fields.contact ?? null,
    accent_color: fields.accent_color ?? null,
    typeface: fields.typeface ?? null,
    // Only when sent, so requests without it keep the hash they had before the field existed.
    ...(fields.consent && { consent: fields.consent }),
    ...(fields.engine && { engine: fields.engine }),
  };
  const { logo, ...photos } = images;
  return {
    input: {
      ...pickImages(photos),
      branding: {
        clinicName: normalized.clinic_name,
        contact: normalized.contact,
        accentColor: normalized.accent_color,
        typeface: normalized.typeface,
        logo: logo ?? null,
      },
      options: {
        primaryAnimation: options.animation,
        emphasisEffect: options.effect,
        motionSpeed: options.speed,
        treatedArea: fields.treated_area,
      },
      aspect: fields.aspect,
      template: fields.template ?? null,
      engine: fields.engine ?? null,
      autoAlign: fields.auto_align,
      title: normalized.title,
      webhookUrl: normalized.webhook_url,
    },
    consent: fields.consent,
    requestHash: hashRequest(normalized, images),
  };
}

async function parseMultipart(request: FastifyRequest): Promise<ParsedGenerateRequest> {
  const fields: Record<string, string> = {};
  const images: RequestFiles = {};
  await readMultipartBody(
    async () => {
      const parts = request.parts({ limits: { files: 4, fileSize: MAX_UPLOAD_BYTES } });
      for await (const part of parts) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          const field = FILE_FIELDS.find((name) => name === part.fieldname);
          if (!field) {
            throw new AppError('invalid_request', `Unexpected file field "${part.fieldname}".`);
          }
          images[field] = bytes;
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    },
    () => new AppError('image_too_large', 'Each image can be at most 10 MB.'),
  );
  const parsed = apiGenerateMultipartFieldsSchema.safeParse(fields);
  if (!parsed.success) throw toInputError(parsed.error, fields);
  let options: z.infer<typeof apiGenerateOptionsSchema> | undefined;
  if (parsed.data.options !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(parsed.data.options);
    } catch {
      throw new AppError('invalid_option', 'options must be a JSON object, e.g. {"speed":"fast"}.');
    }
    const checked = apiGenerateOptionsSchema.safeParse(raw);
    if (!checked.success) {
      const error = toInputError(checked.error);
      throw new AppError('invalid_option', error.message.replace(/^Invalid /, 'Invalid options.'));
    }
    options = checked.data;
  }
  return toInput(
    {
      ...parsed.data,
      options,
      consent: parseConsentText(parsed.data.consent),
      auto_align: parsed.data.auto_align === 'true',
    },
    images,
  );
}

/** A multipart request's `consent` field: the consent object as JSON text. */
function parseConsentText(text: string | undefined): ApiConsentInput | undefined {
  if (text === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError(
      'invalid_consent',
      'consent must be a JSON object, e.g. {"channels":["website","social"]}.',
      { field: 'consent' },
    );
  }
  const checked = apiConsentInputSchema.safeParse(raw);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = ['consent', ...(issue?.path ?? [])].join('.');
    throw new AppError('invalid_consent', `Invalid ${field}: ${issue?.message ?? ''}`.trim(), {
      field,
    });
  }
  return checked.data;
}

function parseJson(body: unknown): ParsedGenerateRequest {
  const parsed = apiGenerateJsonSchema.safeParse(body ?? {});
  if (!parsed.success) throw toInputError(parsed.error, isRecord(body) ? body : {});
  const images: RequestFiles = {};
  for (const field of FILE_FIELDS) {
    const value = parsed.data[field];
    if (value !== undefined) images[field] = decodeBase64Image(field, value);
  }
  return toInput(parsed.data, images);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** POST /api/v1/generate takes multipart/form-data (files) or JSON (base64 images). */
export async function parseGenerateRequest(
  request: FastifyRequest,
): Promise<ParsedGenerateRequest> {
  if (request.isMultipart()) return parseMultipart(request);
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    throw new AppError(
      'unsupported_media_type',
      'Send multipart/form-data with image files, or application/json with base64 images.',
    );
  }
  return parseJson(request.body);
}
