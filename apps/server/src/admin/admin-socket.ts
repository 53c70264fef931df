import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AUDIT_EVENT_KINDS } from '@glowreel/contracts';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { AdminService } from '../services/admin.service.ts';

// The embedded database can be opened by one process only, so while the server runs,
// operator commands reach it through a socket in the data folder (owner-only access).
export const ADMIN_SOCKET_NAME = 'admin.sock';

export const adminCommandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('grant'),
    email: z.string().min(1),
    amount: z.number().int().positive(),
    bucket: z.enum(['free', 'bonus']),
  }),
  z.object({ command: z.literal('outbox'), limit: z.number().int().positive().max(1000) }),
  z.object({
    command: z.literal('audit'),
    email: z.string().min(1),
    kind: z.enum(AUDIT_EVENT_KINDS).optional(),
    limit: z.number().int().positive().max(1000),
  }),
]);
export type AdminCommand = z.infer<typeof adminCommandSchema>;

export type AdminReply = { ok: true; result: unknown } | { ok: false; message: string };

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, ADMIN_SOCKET_NAME);
}

export async function runAdminCommand(
  admin: AdminService,
  command: AdminCommand,
): Promise<unknown> {
  switch (command.command) {
    case 'grant':
      return admin.grantCredits(command);
    case 'outbox':
      return admin.listOutbox(command.limit);
    case 'audit':
      return admin.auditLog(command);
  }
}

export function startAdminSocket(dataDir: string, admin: AdminService): Promise<net.Server> {
  const socketPath = adminSocketPath(dataDir);
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (newline === -1) return;
      void answer(admin, buffered.slice(0, newline)).then((reply) =>
        socket.end(`${JSON.stringify(reply)}\n`),
      );
    });
    socket.on('error', () => socket.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      chmodSync(socketPath, 0o600);
      resolve(server);
    });
  });
}

async function answer(admin: AdminService, line: string): Promise<AdminReply> {
  try {
    const command = adminCommandSchema.parse(JSON.parse(line));
    return { ok: true, result: await runAdminCommand(admin, command) };
  } catch (error) {
    const message =
      error instanceof AppError || error instanceof z.ZodError
        ? error.message
        : 'The command failed; see the server log.';
    return { ok: false, message };
  }
}

export function sendAdminCommand(dataDir: string, command: AdminCommand): Promise<AdminReply> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(adminSocketPath(dataDir));
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(command)}\n`));
    socket.on('data', (chunk: string) => (buffered += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(buffered) as AdminReply);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.on('error', reject);
  });
}
