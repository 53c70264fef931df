import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { OutboxRepository } from '../db/outbox.repository.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

/** The process's mail: the operator's SMTP server when SMTP_URL is set, else the outbox table. */
export interface MailTransport {
  mailer: Mailer;
  /** Kept mail; also where a message goes when the SMTP server refuses it. */
  outbox: OutboxRepository;
  close: () => void;
}

export function openMail(config: Config, db: Kysely<Database>): MailTransport {
  const outbox = new OutboxRepository(db);
  const smtp = config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : null;
  return { mailer: smtp ?? outbox, outbox, close: () => smtp?.close() };
}
