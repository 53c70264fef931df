import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from './config.ts';

/** Query parameters that are credentials: a signed link works for anyone who reads the log. */
const SECRET_QUERY_PARAMETERS = /([?&](?:signature|token)=)[^&#]*/gi;

/** SQL errors carry the statement's values (PGlite: params; node-postgres: parameters). */
const PARAMETER_FIELDS = ['params', 'parameters'];

/** Better Auth's password-reset links carry their token in the path. */
const SECRET_PATH_SEGMENTS = /(\/reset-password\/)[^/?#]+/gi;

function withoutSecrets(url: string): string {
  return url
    .replace(SECRET_QUERY_PARAMETERS, '$1[redacted]')
    .replace(SECRET_PATH_SEGMENTS, '$1[redacted]');
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

function serializeError(error: Error): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  // Walks the cause chain too: a wrapped database error keeps its values on the cause.
  const scrub = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    for (const field of PARAMETER_FIELDS) if (field in record) record[field] = '[redacted]';
    scrub(record.cause);
  };
  scrub(serialized);
  return serialized;
}

/**
 * The one set of logger options for the process's logger (logger.ts): its level and serializers that keep signed links and SQL values out of the logs.
 */
function logOptionsFor(log: Pick<Config['log'], 'level'>): LoggerOptions {
  return {
    level: log.level,
    serializers: { req: serializeRequest, err: serializeError },
  };
}

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
