import { Redis } from 'ioredis';
import { ConfigError } from '../../config.ts';

/** The URL without its password, for messages and logs. */
export function redactRedisUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Connection options for BullMQ. Workers wait out an outage (every command is retried until
 * Redis is back, as BullMQ requires); a producer fails at once, so an upload is refused with
 * a clear 503 instead of hanging while Redis is away.
 */
export function bullmqConnection(url: string, role: 'producer' | 'worker') {
  return role === 'worker'
    ? { url, maxRetriesPerRequest: null }
    : { url, maxRetriesPerRequest: null, enableOfflineQueue: false };
}

/** Stops the start with a message naming REDIS_URL when Redis does not answer. */
export async function assertRedisReachable(url: string): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 5_000,
  });
  // A refused connection is reported through connect()'s rejection; this keeps it off stderr.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError([
      `REDIS_URL: Redis at ${redactRedisUrl(url)} does not answer (${reason}); start Redis or fix REDIS_URL`,
    ]);
  } finally {
    client.disconnect();
  }
}
