import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openRuntime } from '../runtime.ts';
import { spawnServerScript, waitForExit } from '../testing/server-process.ts';
import { createTestUser } from '../testing/test-runtime.ts';

// `npm run audit -- <email>`: an operator reads an account's audit log as a plain table.

describe('npm run audit', () => {
  let dataDir: string;
  const environment = () => ({ DATA_DIR: dataDir, PORT: '3998', LOG_LEVEL: 'error' });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'glowreel-audit-cli-'));
    const runtime = await openRuntime(
      loadConfig({ ...environment(), NODE_ENV: 'test' }, process.cwd()),
    );
    try {
      const clinic = await createTestUser(runtime, {
        email: 'lumen@spa.example',
        name: 'Lumen Spa',
      });
      const other = await createTestUser(runtime, { email: 'other@spa.example' });
      await runtime.audit.record({
        kind: 'account.signed_in',
        accountId: clinic.id,
        actor: { kind: 'user', userId: clinic.id, ipAddress: '203.0.113.7', userAgent: 'Safari' },
        details: { method: 'password' },
      });
      await runtime.audit.record({
        kind: 'plan.changed',
        accountId: clinic.id,
        actor: { kind: 'system' },
        target: { type: 'subscription', id: 'sub_123' },
        details: { from: 'free', to: 'pro' },
      });
      await runtime.audit.record({
        kind: 'account.signed_in',
        accountId: other.id,
        actor: { kind: 'user', userId: other.id, ipAddress: '198.51.100.99' },
      });
    } finally {
      await runtime.close();
    }
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (args: string[]) =>
    waitForExit(spawnServerScript('cli/audit.cli.ts', args, environment()));

  it('prints the account’s events as a table, newest first, and no one else’s', async () => {
    const result = await run(['lumen@spa.example']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Audit log of lumen@spa.example (2 events, newest first)');
    expect(lines[2]).toMatch(/^Time \(UTC\)\s+Event\s+Who\s+IP\s+Target\s+Details$/);
    expect(lines[3]).toMatch(/^-+( +-+){5}$/);
    expect(lines[4]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}Plan changed\s+Glowreel\s+-\s+subscription sub_123\s+from=free to=pro$/,
    );
    expect(lines[5]).toMatch(
      /Signed in\s+Lumen Spa \(lumen@spa\.example\)\s+203\.0\.113\.7\s+-\s+method=password$/,
    );
    expect(lines).toHaveLength(6);
    expect(result.stdout).not.toContain('198.51.100.99');
  });

  it('filters by kind', async () => {
    const result = await run(['lumen@spa.example', '--kind', 'plan.changed']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('(1 event, newest first)');
    expect(result.stdout).not.toContain('Signed in');
  });

  it('says so clearly for an unknown e-mail or kind', async () => {
    const unknown = await run(['ghost@spa.example']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No account uses the e-mail ghost@spa.example.');
    const badKind = await run(['lumen@spa.example', '--kind', 'video.teleported']);
    expect(badKind.code).toBe(1);
    expect(badKind.stderr).toContain('Unknown kind "video.teleported"');
    const none = await run([]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Usage: npm run audit -- <email>');
  });
});
