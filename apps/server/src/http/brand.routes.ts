import { brandKitSchema, isControlCharactersIssue } from '@glowreel/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { AppError } from '../errors.ts';
import type { BrandService } from '../services/brand.service.ts';
import { readMultipartBody } from './multipart-body.ts';
import { MAX_UPLOAD_BYTES } from './videos.routes.ts';
import { requireActor, requireActorWith } from './actor.ts';

/** The "logo" file of a multipart body; any other file is a mistake worth naming. */
async function readLogoPart(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      'Send the logo as multipart/form-data with the file in the "logo" field.',
    );
  }
  // The same byte ceiling as a logo sent with a video: the logo check itself then refuses
  // anything over the logo limit with the message a logo on /generate gets.
  const logo = await readMultipartBody(
    async () => {
      let found: Uint8Array | null = null;
      for await (const part of request.parts({
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES },
      })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'logo') {
          throw new AppError(
            'bad_request',
            `Unexpected file field "${part.fieldname}"; send the logo as "logo".`,
          );
        }
        found = await part.toBuffer();
      }
      return found;
    },
    () =>
      new AppError(
        'payload_too_large',
        'The logo is larger than 10 MB. A logo can be at most 2 MB.',
      ),
  );
  if (!logo) {
    throw new AppError('bad_request', 'No logo was sent: put the image file in the "logo" field.', {
      field: 'logo',
    });
  }
  return logo;
}

function parseBrandKit(body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError(
      'unsupported_media_type',
      'Send the brand kit as a JSON object with Content-Type: application/json.',
    );
  }
  const parsed = brandKitSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const message =
    issue?.code === 'unrecognized_keys'
      ? `Unknown field ${issue.keys.join(', ')}: the brand kit has clinicName, contact, accentColor, typeface and hasLogo.`
      : issue?.code === 'invalid_type' && !isControlCharactersIssue(issue)
        ? `${field ?? 'A field'} is missing or has the wrong type: ${issue.message}`
        : (issue?.message ?? 'The brand kit is not valid.');
  throw new AppError('validation_failed', message, { field });
}

/** The dashboard's Brand section (signed in; state changes pass the origin check). */
export function registerBrandRoutes(
  app: FastifyInstance,
  options: { auth: Auth; brand: BrandService },
): void {
  const { auth, brand } = options;

  app.get('/api/brand', async (request) => {
    // Any member: /generate pre-fills the clinic's kit.
    const { clinicId } = await requireActor(auth, request);
    return brand.get(clinicId);
  });

  app.put('/api/brand', async (request) => {
    const actor = await requireActorWith(auth, request, { brand: 'update' });
    return brand.save(actor, parseBrandKit(request.body));
  });

  app.get('/api/brand/logo', async (request, reply) => {
    const { clinicId } = await requireActor(auth, request);
    const logo = await brand.readLogo(clinicId);
    return reply
      .header('content-type', logo.contentType)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(logo.bytes));
  });

  app.put('/api/brand/logo', async (request) => {
    const actor = await requireActorWith(auth, request, { brand: 'update' });
    return brand.saveLogo(actor, await readLogoPart(request));
  });

  app.delete('/api/brand/logo', async (request) => {
    const actor = await requireActorWith(auth, request, { brand: 'update' });
    return brand.removeLogo(actor);
  });
}
