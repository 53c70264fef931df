import { ensurePostgresRunning } from './postgres-server.ts';

export default async function setup(): Promise<void> {
  await ensurePostgresRunning();
}
