export interface MailMessage {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
}

/** Sends one e-mail; resolves 'smtp' when it left through a server, 'outbox' when it was kept. */
export interface Mailer {
  send(message: MailMessage): Promise<'smtp' | 'outbox'>;
}
