import type { DemoRequest } from '@glowreel/contracts';
import type { DemoRequestsRepository } from '../db/demo-requests.repository.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface DemoRequestsDeps {
  requests: DemoRequestsRepository;
  mailer: Mailer;
  /** Kept mail: used when the SMTP server refuses, so no request is ever lost. */
  outbox: Mailer;
  operatorAddress: string;
  log: { error: (details: object, message: string) => void };
  newId?: () => string;
}

/** SPEC §7 demo requests: stored, then e-mailed to the operator (or kept in the outbox). */
export class DemoRequestsService {
  constructor(private readonly deps: DemoRequestsDeps) {}

  async submit(request: DemoRequest, clientIp: string | null): Promise<void> {
    const message = {
      to: this.deps.operatorAddress,
      replyTo: request.email,
      subject: `Demo request from ${request.name}${request.company ? ` (${request.company})` : ''}`,
      text: [
        `Name: ${request.name}`,
        `Email: ${request.email}`,
        `Phone: ${request.phone ?? '—'}`,
        `Company: ${request.company ?? '—'}`,
        '',
        request.message ?? '(no message)',
      ].join('\n'),
    };
    let delivery: 'smtp' | 'outbox';
    try {
      delivery = await this.deps.mailer.send(message);
    } catch (error) {
      this.deps.log.error({ err: error }, 'demo request e-mail failed; kept in the outbox');
      delivery = await this.deps.outbox.send(message);
    }
    await this.deps.requests.insert({
      id: this.deps.newId?.() ?? crypto.randomUUID(),
      name: request.name,
      email: request.email,
      phone: request.phone,
      company: request.company,
      message: request.message,
      client_ip: clientIp,
      delivery,
    });
  }
}
