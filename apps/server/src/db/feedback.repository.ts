import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, VideoFeedbackTable } from './schema.ts';

/** Video feedback (DESIGN.md D10) and the live figures of the landing page (D8). */
export class FeedbackRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isClinicVideo(clinicId: string, videoId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('videos')
      .select('id')
      .where('id', '=', videoId)
      .where('clinic_id', '=', clinicId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One answer per video and user: answering again replaces the earlier one. */
  async upsert(row: Insertable<VideoFeedbackTable>): Promise<void> {
    const { id: _id, user_id: _user, video_id: _video, ...changes } = row;
    await this.db
      .insertInto('video_feedback')
      .values(row)
      .onConflict((conflict) => conflict.columns(['user_id', 'video_id']).doUpdateSet(changes))
      .execute();
  }

  findForVideo(userId: string, videoId: string) {
    return this.db
      .selectFrom('video_feedback')
      .selectAll()
      .where('user_id', '=', userId)
      .where('video_id', '=', videoId)
      .executeTakeFirst();
  }

  async countLandingFigures(): Promise<{
    clinics: number;
    videosCompleted: number;
    good: number;
    answers: number;
  }> {
    const videos = await this.db
      .selectFrom('videos')
      .select([
        sql<string>`count(distinct user_id)`.as('clinics'),
        sql<string>`count(*)`.as('completed'),
      ])
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const feedback = await this.db
      .selectFrom('video_feedback')
      .select([
        sql<string>`count(*) filter (where rating = 'good')`.as('good'),
        sql<string>`count(*)`.as('answers'),
      ])
      .executeTakeFirstOrThrow();
    return {
      clinics: Number(videos.clinics),
      videosCompleted: Number(videos.completed),
      good: Number(feedback.good),
      answers: Number(feedback.answers),
    };
  }
}
