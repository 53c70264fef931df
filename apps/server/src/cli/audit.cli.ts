import { parseArgs } from 'node:util';
import { AUDIT_EVENT_KINDS, type AuditEvent } from '@glowreel/contracts';
import { runAdminCommand, sendAdminCommand, type AdminCommand } from '../admin/admin-socket.ts';
import { formatAuditTable } from '../audit/audit-table.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { findDataFolderOwner } from '../db/data-folder-lock.ts';
import { AppError } from '../errors.ts';
import { openRuntime } from '../runtime.ts';

// `npm run audit -- <email> [--kind <kind>] [--limit N]`: an account's audit log (issue #18 §4).
const USAGE = `Usage: npm run audit -- <email> [--kind <kind>] [--limit 1..1000]
  <kind> is one of: ${AUDIT_EVENT_KINDS.join(', ')}`;

class UsageError extends Error {}

function parseCommand(argv: string[]): AdminCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { kind: { type: 'string' }, limit: { type: 'string', default: '100' } },
  });
  const [email, ...extra] = positionals;
  const limit = Number(values.limit);
  if (!email || extra.length > 0) throw new UsageError(USAGE);
  if (!Number.isInteger(limit) || limit <= 0 || limit > 1000) {
    throw new UsageError(`--limit must be a whole number from 1 to 1000; got ${values.limit}.`);
  }
  const kind = AUDIT_EVENT_KINDS.find((known) => known === values.kind);
  if (values.kind !== undefined && !kind) {
    throw new UsageError(`Unknown kind "${values.kind}".\n${USAGE}`);
  }
  return { command: 'audit', email, kind, limit };
}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  const config = loadConfig(process.env, process.cwd());
  let result: { email: string; events: AuditEvent[] };
  // While the server owns the embedded database, ask it through its admin socket.
  if (config.database.kind === 'pglite' && findDataFolderOwner(config.dataDir) !== undefined) {
    const reply = await sendAdminCommand(config.dataDir, command);
    if (!reply.ok) throw new AppError('bad_request', reply.message);
    result = reply.result as typeof result;
  } else {
    const runtime = await openRuntime(config);
    try {
      result = (await runAdminCommand(runtime.admin, command)) as typeof result;
    } finally {
      await runtime.close();
    }
  }
  console.log(formatAuditTable(result.email, result.events));
}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError || error instanceof AppError || error instanceof ConfigError;
  console.error(known ? error.message : error);
  process.exit(1);
});
