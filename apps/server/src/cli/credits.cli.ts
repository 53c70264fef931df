import { parseArgs } from 'node:util';
import { runAdminCommand, sendAdminCommand, type AdminCommand } from '../admin/admin-socket.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { findDataFolderOwner } from '../db/data-folder-lock.ts';
import { AppError } from '../errors.ts';
import { openRuntime } from '../runtime.ts';

const USAGE = 'Usage: npm run credits -- grant <email> <n> [--bonus]';

function parseCommand(argv: string[]): AdminCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { bonus: { type: 'boolean', default: false } },
  });
  const [verb, email, amountText] = positionals;
  const amount = Number(amountText);
  if (verb !== 'grant' || !email || !Number.isInteger(amount) || amount <= 0) {
    throw new UsageError(
      `${USAGE}\n  <n> is a positive whole number of credits; --bonus grants bonus instead of free credits.`,
    );
  }
  return { command: 'grant', email, amount, bucket: values.bonus ? 'bonus' : 'free' };
}

class UsageError extends Error {}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  const config = loadConfig(process.env, process.cwd());
  // While the server owns the embedded database, ask it to do the work.
  if (config.database.kind === 'pglite' && findDataFolderOwner(config.dataDir) !== undefined) {
    const reply = await sendAdminCommand(config.dataDir, command);
    if (!reply.ok) throw new AppError('bad_request', reply.message);
    console.log(JSON.stringify(reply.result));
    return;
  }
  const runtime = await openRuntime(config);
  try {
    console.log(JSON.stringify(await runAdminCommand(runtime.admin, command)));
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError || error instanceof AppError || error instanceof ConfigError;
  console.error(known ? error.message : error);
  process.exit(1);
});
