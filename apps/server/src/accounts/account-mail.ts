import type { MailMessage } from '../mail/mailer.ts';
import type { MailTransport } from '../mail/open-mail.ts';

export interface AccountMailLog {
  error: (details: object, message: string) => void;
}

/**
 * The e-mails about a person's own account (reset links, verification links, notices).
 * Each is handed over without being awaited: the answer to the request that caused it must
 * not wait for (or reveal, by its timing) an SMTP conversation. A message the SMTP server
 * refuses is kept in the outbox so the operator can still pass it on.
 */
export class AccountMail {
  /** Deliveries still running; tests and shutdown wait for them. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly transport: Pick<MailTransport, 'mailer' | 'outbox'>,
    private readonly log: AccountMailLog,
  ) {}

  sendPasswordReset(to: string, link: string): void {
    this.deliver({
      to,
      replyTo: null,
      subject: 'Reset your Glowreel password',
      text: [
        'Someone (hopefully you) asked to reset the password of your Glowreel account.',
        '',
        `Choose a new password here (the link works once, for 1 hour):`,
        link,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    });
  }

  sendPasswordChanged(to: string): void {
    this.deliver({
      to,
      replyTo: null,
      subject: 'Your Glowreel password was changed',
      text: [
        'The password of your Glowreel account was just changed, and every device that was',
        'signed in has been signed out.',
        '',
        'If this was not you, reset your password at once with "Forgot your password?" on',
        'the sign-in page, and contact support.',
      ].join('\n'),
    });
  }

  sendVerification(to: string, link: string): void {
    this.deliver({
      to,
      replyTo: null,
      subject: 'Confirm your e-mail address for Glowreel',
      text: [
        'Please confirm that this is your e-mail address for Glowreel:',
        link,
        '',
        'If you did not sign up for Glowreel or ask to use this address, ignore this e-mail.',
      ].join('\n'),
    });
  }

  /** An invitation to join a clinic's team (issue #21); the link opens the accept page. */
  sendClinicInvitation(
    to: string,
    invitation: { clinicName: string; inviterName: string; role: string; link: string },
  ): void {
    this.deliver({
      to,
      replyTo: null,
      subject: `${invitation.inviterName} invited you to ${invitation.clinicName} on Glowreel`,
      text: [
        `${invitation.inviterName} invited you to join ${invitation.clinicName} on Glowreel as ${invitation.role}.`,
        '',
        'Accept here (sign in or create an account with this e-mail address; the link works for 7 days):',
        invitation.link,
        '',
        'If you do not know this clinic, ignore this e-mail.',
      ].join('\n'),
    });
  }

  /**
   * The retention warning (issue #18 §3): the account goes on `deletionDay` unless a plan is
   * taken again. Resolves once the message is sent or kept, so the job that claimed the warning
   * knows it left.
   */
  sendDeletionWarning(to: string, deletionDay: Date): Promise<void> {
    const day = deletionDay.toISOString().slice(0, 10);
    return this.tracked({
      to,
      replyTo: null,
      subject: `Your Glowreel account will be deleted on ${day}`,
      text: [
        'Your Glowreel subscription ended a while ago. As our terms say, an account is kept',
        'for 90 days after cancellation and then deleted, with its videos and brand kit.',
        '',
        `Your account will be deleted on or after ${day} (UTC).`,
        '',
        'To keep it, sign in and choose a plan before then. To keep a copy of your data, use',
        '"Download my data" on your account page.',
      ].join('\n'),
    });
  }

  /** Resolves once every delivery started so far has finished (kept or sent). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Hands the message over without waiting; `send` never rejects. */
  private deliver(message: MailMessage): void {
    void this.tracked(message);
  }

  /** The delivery, counted as pending until it is sent or kept. */
  private tracked(message: MailMessage): Promise<void> {
    const delivery = this.send(message).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
    return delivery;
  }

  private async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.mailer.send(message);
    } catch (error) {
      this.log.error({ err: error, subject: message.subject }, 'account e-mail failed; kept');
      try {
        await this.transport.outbox.send(message);
      } catch (outboxError) {
        this.log.error({ err: outboxError }, 'account e-mail could not be kept in the outbox');
      }
    }
  }
}
