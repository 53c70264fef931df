import { accountDeletionRequestSchema } from '@glowreel/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userActor } from '../audit/request-actor.ts';
import type { Auth } from '../auth/auth.ts';
import { AppError } from '../errors.ts';
import { parseJsonObjectBody } from '../http/parse-body.ts';
import { streamStoredFile } from '../http/range.ts';
import { requireUserId, toHeaders } from '../http/session.ts';
import type { VideoStorage } from '../storage/video-storage.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';
import type { DataExportService } from './data-export.service.ts';
import type { VideoDeletionService } from './video-deletion.service.ts';

export interface DataRightsRoutesOptions {
  auth: Auth;
  /** Used by DELETE /api/videos/:id, which videos.routes.ts registers (by clinic). */
  videoDeletion: VideoDeletionService;
  accountDeletion: AccountDeletionService;
  exports: DataExportService;
  exportFiles: VideoStorage;
}

/** Expires the session cookies the request carried: the session they named is gone. */
function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const names = (request.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => /\.session_(token|data)$/.test(name));
  const secure = names.some((name) => name.startsWith('__Secure-')) ? '; Secure' : '';
  reply.header(
    'set-cookie',
    names.map((name) => `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`),
  );
}

/** Issue #18 §2 for the web app: delete the account, download my data. */
export function registerDataRightsRoutes(
  app: FastifyInstance,
  options: DataRightsRoutesOptions,
): void {
  const { auth, accountDeletion, exports } = options;

  const requireSession = async (request: FastifyRequest) => {
    const session = await auth.api.getSession({ headers: toHeaders(request) });
    if (!session) throw new AppError('unauthorized', 'Please sign in to continue.');
    return { userId: session.user.id, createdAt: new Date(session.session.createdAt) };
  };

  app.get('/api/account/deletion', async (request) => {
    const session = await requireSession(request);
    return accountDeletion.requirements(session.userId, session.createdAt);
  });

  app.delete('/api/account', async (request, reply) => {
    const session = await requireSession(request);
    const body = parseJsonObjectBody(accountDeletionRequestSchema, request.body);
    await accountDeletion.deleteOwnAccount(
      session.userId,
      { email: body.email, password: body.password, sessionCreatedAt: session.createdAt },
      userActor(request, session.userId),
    );
    clearSessionCookies(request, reply);
    return { deleted: true };
  });

  app.post('/api/account/exports', async (request, reply) => {
    const userId = await requireUserId(auth, request);
    return reply.status(202).send(await exports.requestExport(userId, userActor(request, userId)));
  });

  app.get('/api/account/exports/latest', async (request) => {
    const userId = await requireUserId(auth, request);
    return { export: await exports.latest(userId) };
  });

  app.get<{ Params: { id: string } }>('/api/account/exports/:id', async (request) => {
    const userId = await requireUserId(auth, request);
    return exports.get(userId, request.params.id);
  });

  app.get<{ Params: { id: string } }>(
    '/api/account/exports/:id/download',
    async (request, reply) => {
      const userId = await requireUserId(auth, request);
      const file = await exports.download(userId, request.params.id);
      return streamStoredFile(request, reply, options.exportFiles, file.key, {
        contentType: 'application/zip',
        downloadName: file.fileName,
      });
    },
  );
}
