import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressMailLimit } from '../accounts/address-rate-limit.ts';
import { CLIENT_IP_HEADER, type Auth } from '../auth/auth.ts';

export interface AuthRoutesOptions {
  auth: Auth;
  publicUrl: string;
  rateLimitPerMinute: number;
  /** E-mails (reset and verification links) one address may be sent in any hour. */
  mailPerAddressPerHour: number;
}

// Headers that describe the hop to us, not the request Better Auth should see.
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'x-forwarded-for',
  'x-real-ip',
  CLIENT_IP_HEADER,
]);

function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // request.ip honours TRUST_PROXY, so a client cannot choose its own address.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
  });
}

/** Better Auth answers { code, message }; the API speaks { error: { code, message, details } }. */
function toErrorBody(status: number, text: string): unknown {
  let parsed: { code?: unknown; message?: unknown; details?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Not JSON: fall through to a generic message.
  }
  const code = typeof parsed.code === 'string' ? parsed.code : `HTTP_${status}`;
  const message =
    typeof parsed.message === 'string' && parsed.message ? parsed.message : 'Request failed';
  return {
    error: { code, message, ...(parsed.details === undefined ? {} : { details: parsed.details }) },
  };
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) {
    return reply.type('application/json; charset=utf-8').send(toErrorBody(response.status, text));
  }
  return reply.send(text);
}

export function registerAuthRoutes(app: FastifyInstance, options: AuthRoutesOptions): void {
  const { auth, publicUrl, rateLimitPerMinute, mailPerAddressPerHour } = options;
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // New accounts get their profile from Better Auth's user-created hook (auth.ts).
    const response = await auth.handler(toFetchRequest(request, publicUrl));
    return sendFetchResponse(reply, response);
  };
  const limited = {
    config: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
  };
  app.post('/api/auth/sign-in/*', limited, handle);
  app.post('/api/auth/sign-up/*', limited, handle);
  // Endpoints that send e-mail or try a token: per client like sign-in, and per address.
  const mailing = (name: string, field: string) => ({
    ...limited,
    preHandler: addressMailLimit(app, { name, field, perHour: mailPerAddressPerHour }),
  });
  app.post('/api/auth/request-password-reset', mailing('password-reset', 'email'), handle);
  app.post('/api/auth/send-verification-email', mailing('verification', 'email'), handle);
  app.post('/api/auth/change-email', mailing('change-email', 'newEmail'), handle);
  app.post('/api/auth/reset-password', limited, handle);
  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', handler: handle });
}
