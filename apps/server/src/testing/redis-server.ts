import { execSync } from 'node:child_process';
import { Redis } from 'ioredis';

// Tests of scale mode run against the machine's Redis, started here when it is down.
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function canConnect(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2000,
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Starts the machine's Redis (as the workplace notes do) when it is down, then waits for it. */
export async function ensureRedisRunning(): Promise<void> {
  if (await canConnect()) return;
  execSync(
    'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
    { stdio: 'inherit' },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await canConnect()) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`Redis at ${TEST_REDIS_URL} does not answer; the rate-limit tests need it.`);
}
