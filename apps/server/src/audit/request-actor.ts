import type { FastifyRequest } from 'fastify';
import type { AuditActor } from './audit-trail.ts';

/** Where a request came from: the client's address (as TRUST_PROXY lets us see it) and browser. */
export function requestOrigin(request: FastifyRequest): {
  ipAddress: string | null;
  userAgent: string | null;
} {
  const userAgent = request.headers['user-agent'];
  return { ipAddress: request.ip || null, userAgent: userAgent?.trim() || null };
}

/** Glowreel itself: a scheduled job, or a provider's webhook acting on its own. */
export const SYSTEM_ACTOR: AuditActor = { kind: 'system' };

/** The signed-in person acting through this request. */
export function userActor(request: FastifyRequest, userId: string): AuditActor {
  return { kind: 'user', userId, ...requestOrigin(request) };
}

/** An API key acting through this request, on behalf of its owner. */
export function apiKeyActor(
  request: FastifyRequest,
  key: { userId: string; apiKeyId: string },
): AuditActor {
  return { kind: 'api_key', userId: key.userId, apiKeyId: key.apiKeyId, ...requestOrigin(request) };
}

/**
 * Whoever holds a signed link: issued to an API client, but the link does not say which key
 * asked for it, so the key is unknown (the log shows "Signed download link").
 */
export function signedLinkActor(request: FastifyRequest): AuditActor {
  return { kind: 'api_key', userId: null, apiKeyId: null, ...requestOrigin(request) };
}

/**
 * Whether this file request starts a download: a GET from the first byte, not a HEAD or a
 * download manager fetching a later range of a download already counted.
 */
export function startsADownload(request: FastifyRequest): boolean {
  const range = request.headers.range;
  return request.method === 'GET' && (range === undefined || /^bytes=0-/.test(range.trim()));
}
