import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from './config.ts';
import { logOptionsFor } from './log-options.ts';

/**
 * The process's one logger: Fastify's request logs and every component's (`.child()`) go
 * through it. LOG_PRETTY formats in this thread with pino-pretty, a production dependency:
 * as a transport it was loaded by name at run time, and a production install (no dev
 * dependencies) crashed at start with LOG_PRETTY=true.
 */
export function createLogger(options: Config['log'], destination?: DestinationStream): Logger {
  const pretty = options.pretty ? pinoPretty({ colorize: false, sync: true, destination }) : null;
  const stream = pretty ?? destination;
  return stream ? pino(logOptionsFor(options), stream) : pino(logOptionsFor(options));
}
