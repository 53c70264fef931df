import type { Runtime } from '../runtime.ts';

export interface KeptMail {
  to: string;
  subject: string;
  body: string;
}

/** Every e-mail kept in the outbox for one address, oldest first, once deliveries settled. */
export async function outboxFor(runtime: Runtime, address: string): Promise<KeptMail[]> {
  await runtime.auth.mail.settled();
  const rows = await runtime.database.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'body'])
    .where('to_address', '=', address.toLowerCase())
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({ to: row.to_address, subject: row.subject, body: row.body }));
}

/** The first link in an e-mail's text that starts with `prefix`. */
export function linkIn(mail: KeptMail | undefined, prefix: string): string {
  const link = mail?.body.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in: ${mail?.body ?? '(no mail)'}`);
  return link;
}
