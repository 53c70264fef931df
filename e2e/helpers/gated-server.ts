import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_PORTS } from './ports.ts';

// The second server of playwright.config.ts: REQUIRE_EMAIL_VERIFICATION on, mail in its outbox.
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../..');
const GATED_PORT = E2E_PORTS.gatedApp;
export const GATED_URL = `http://localhost:${GATED_PORT}`;
const GATED_DATA_DIR = path.join(tmpdir(), `glowreel-e2e-gated-${GATED_PORT}`);

export interface OutboxMail {
  to: string;
  subject: string;
  body: string;
}

/** The gated server's outbox, newest first, read with the operator CLI through its socket. */
export function readOutbox(): OutboxMail[] {
  const printed = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/outbox.cli.ts', '--limit', '200'],
    {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, DATA_DIR: GATED_DATA_DIR, PORT: String(GATED_PORT) },
      encoding: 'utf8',
    },
  );
  return printed
    .split('-'.repeat(60))
    .map((entry) => entry.trim())
    .filter((entry) => entry.startsWith('#'))
    .map((entry) => {
      const [head = '', ...body] = entry.split('\n\n');
      const to = /^To: (\S+)/m.exec(head)?.[1] ?? '';
      const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
      return { to, subject, body: body.join('\n\n') };
    });
}

/** Waits for the newest e-mail to `address` whose subject starts with `subject`; its first link. */
export async function latestLinkTo(address: string, subject: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = readOutbox().find(
          (entry) => entry.to === address && entry.subject.startsWith(subject),
        );
        link = mail?.body.split(/\s+/).find((word) => word.startsWith(GATED_URL)) ?? '';
        return link;
      },
      { timeout: 15_000, intervals: [250, 500, 1000] },
    )
    .not.toBe('');
  return link;
}

/** How many e-mails to `address` with this subject the outbox holds. */
export function countMails(address: string, subject: string): number {
  return readOutbox().filter((entry) => entry.to === address && entry.subject.startsWith(subject))
    .length;
}
