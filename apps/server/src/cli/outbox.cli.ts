import { parseArgs } from 'node:util';
import { runAdminCommand, sendAdminCommand, type AdminCommand } from '../admin/admin-socket.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { findDataFolderOwner } from '../db/data-folder-lock.ts';
import type { OutboxRow } from '../db/outbox.repository.ts';
import { AppError } from '../errors.ts';
import { openRuntime } from '../runtime.ts';

// `npm run outbox [-- --limit N]`: the mail kept when no SMTP_URL is configured.
function parseCommand(argv: string[]): AdminCommand {
  const { values } = parseArgs({
    args: argv,
    options: { limit: { type: 'string', default: '20' } },
  });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit <= 0 || limit > 1000) {
    throw new AppError(
      'bad_request',
      `Usage: npm run outbox -- [--limit 1..1000]; got ${values.limit}.`,
    );
  }
  return { command: 'outbox', limit };
}

function print(rows: OutboxRow[]): void {
  if (rows.length === 0) {
    console.log('The outbox is empty.');
    return;
  }
  for (const row of rows) {
    console.log(`#${row.id}  ${new Date(row.created_at).toISOString()}`);
    console.log(`To: ${row.to_address}${row.reply_to ? `  (reply to ${row.reply_to})` : ''}`);
    console.log(`Subject: ${row.subject}\n\n${row.body}\n${'-'.repeat(60)}`);
  }
}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  const config = loadConfig(process.env, process.cwd());
  // While the server owns the embedded database, ask it through its admin socket.
  if (config.database.kind === 'pglite' && findDataFolderOwner(config.dataDir) !== undefined) {
    const reply = await sendAdminCommand(config.dataDir, command);
    if (!reply.ok) throw new AppError('bad_request', reply.message);
    print(reply.result as OutboxRow[]);
    return;
  }
  const runtime = await openRuntime(config);
  try {
    print((await runAdminCommand(runtime.admin, command)) as OutboxRow[]);
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof AppError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
