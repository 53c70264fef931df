import type { Insertable } from 'kysely';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import type { VideosTable } from '../db/schema.ts';
import type { Runtime } from '../runtime.ts';

/**
 * A video row written straight to the database with a credit reserved for it, for tests of
 * what reads videos (figures, lists, the SPA's contracts) without running a render.
 */
export async function insertVideoRow(
  runtime: Runtime,
  userId: string,
  overrides: Partial<Insertable<VideosTable>> = {},
): Promise<string> {
  const reservation = await runtime.credits.reserve(userId);
  const id = crypto.randomUUID();
  await runtime.database.db
    .insertInto('videos')
    .values({
      id,
      user_id: userId,
      clinic_id: personalClinicIdOf(userId),
      title: 'Clinical Video',
      prompt: 'before head turn',
      status: 'completed',
      options: '{}',
      width: 1280,
      height: 720,
      reservation_id: reservation.reservationId,
      input_path: null,
      video_key: null,
      thumbnail_key: null,
      processing_time_ms: null,
      file_size: null,
      duration: null,
      error_message: null,
      error_code: null,
      completed_at: null,
      ...overrides,
    })
    .execute();
  return id;
}
