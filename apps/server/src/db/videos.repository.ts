import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, VideosTable } from './schema.ts';

export type VideoRow = Selectable<VideosTable>;
export type VideoChanges = Omit<
  Updateable<VideosTable>,
  'id' | 'user_id' | 'created_at' | 'updated_at'
>;

export interface NewVideo {
  id: string;
  userId: string;
  title: string;
  prompt: string;
  options: unknown;
  width: number;
  height: number;
  reservationId: string;
  inputPath: string;
  /** The public API's webhook_url, if the request gave one. */
  webhookUrl?: string | null;
}

export class VideosRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(video: NewVideo): Promise<VideoRow> {
    return this.db
      .insertInto('videos')
      .values({
        id: video.id,
        user_id: video.userId,
        title: video.title,
        prompt: video.prompt,
        status: 'processing',
        options: JSON.stringify(video.options),
        width: video.width,
        height: video.height,
        reservation_id: video.reservationId,
        input_path: video.inputPath,
        webhook_url: video.webhookUrl ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findById(id: string): Promise<VideoRow | undefined> {
    return this.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listForUser(userId: string, limit = 200): Promise<VideoRow[]> {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * One page, newest first, after the video `afterId` (the last row of the previous page).
   * The position is compared in SQL, at the database's own timestamp precision.
   */
  listPageForUser(userId: string, afterId: string | null, limit: number): Promise<VideoRow[]> {
    let query = this.db
      .selectFrom('videos')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
    if (afterId !== null) {
      query = query.where(
        sql<boolean>`(created_at, id) < (select v.created_at, v.id from videos v where v.id = ${afterId} and v.user_id = ${userId})`,
      );
    }
    return query.execute();
  }

  listProcessing(): Promise<VideoRow[]> {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('status', '=', 'processing')
      .orderBy('created_at')
      .execute();
  }

  async update(id: string, changes: VideoChanges): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Moves a video out of processing once; false when another path already finished it. */
  async finish(
    id: string,
    changes: VideoChanges & { status: 'completed' | 'failed' },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('videos')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
