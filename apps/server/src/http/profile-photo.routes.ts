import { PROFILE_PHOTO_FIELD } from '@glowreel/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { AppError } from '../errors.ts';
import type { ProfilePhotoService } from '../services/profile-photo.service.ts';
import { PROFILE_PHOTO_PATH } from '../services/profiles.service.ts';
import { readMultipartBody } from './multipart-body.ts';
import { requireActor } from './actor.ts';
import { requireUserId } from './session.ts';
import { MAX_UPLOAD_BYTES } from './videos.routes.ts';

/** The "photo" file of a multipart body; any other file is a mistake worth naming. */
async function readPhotoPart(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      `Send the photo as multipart/form-data with the file in the "${PROFILE_PHOTO_FIELD}" field.`,
    );
  }
  // The byte ceiling of any upload: the picture check then refuses anything over the photo's
  // own limit with the message a photo for a video gets.
  const photo = await readMultipartBody(
    async () => {
      let found: Uint8Array | null = null;
      for await (const part of request.parts({
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES },
      })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== PROFILE_PHOTO_FIELD) {
          throw new AppError(
            'bad_request',
            `Unexpected file field "${part.fieldname}"; send the photo as "${PROFILE_PHOTO_FIELD}".`,
          );
        }
        found = await part.toBuffer();
      }
      return found;
    },
    () =>
      new AppError('payload_too_large', 'The photo is larger than 10 MB. Choose a smaller one.'),
  );
  if (!photo) {
    throw new AppError(
      'bad_request',
      `No photo was sent: put the image file in the "${PROFILE_PHOTO_FIELD}" field.`,
      { field: PROFILE_PHOTO_FIELD },
    );
  }
  return photo;
}

/** Issue #17 §4: the member's profile photo (the SPEC's photoURL). */
export function registerProfilePhotoRoutes(
  app: FastifyInstance,
  options: { auth: Auth; photos: ProfilePhotoService },
): void {
  const { auth, photos } = options;
  // Served to its owner only; the address changes with every upload, so it may be kept.
  app.get(PROFILE_PHOTO_PATH, async (request, reply) => {
    const userId = await requireUserId(auth, request);
    const photo = await photos.read(userId);
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', 'private, max-age=86400')
      .send(Buffer.from(photo.bytes));
  });

  // Both answer the SPEC §3 profile, as /api/me does: with the acting clinic's credits.
  app.put(PROFILE_PHOTO_PATH, async (request) => {
    const { userId, clinicId } = await requireActor(auth, request);
    return photos.save(userId, await readPhotoPart(request), clinicId);
  });

  app.delete(PROFILE_PHOTO_PATH, async (request) => {
    const { userId, clinicId } = await requireActor(auth, request);
    return photos.remove(userId, clinicId);
  });
}
