import type { Kysely, Selectable } from 'kysely';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import type { Database, MailOutboxTable } from './schema.ts';

export type OutboxRow = Selectable<MailOutboxTable>;

/** Mail kept in the database when no SMTP server is configured (`npm run outbox` lists it). */
export class OutboxRepository implements Mailer {
  constructor(private readonly db: Kysely<Database>) {}

  async send(message: MailMessage): Promise<'outbox'> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        to_address: message.to,
        reply_to: message.replyTo,
        subject: message.subject,
        body: message.text,
      })
      .execute();
    return 'outbox';
  }

  list(limit: number): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
