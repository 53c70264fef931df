import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// SPEC §2 routes: a deep link to any of them loads the app.
export const SPA_ROUTES = new Set([
  '/',
  '/login',
  '/register',
  '/dashboard',
  '/generate',
  '/documentation',
  '/api',
  '/support',
  '/privacy-policy',
  '/terms-of-service',
  // Demo billing's own checkout and portal pages (issue 6).
  '/billing/demo-checkout',
  '/billing/demo-portal',
]);

export async function registerSpaRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside every asset: a phone downloads a third of the bytes.
      preCompressed: true,
      setHeaders: (response, filePath) => {
        // Hashed file names change with their content, so they may be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'the web app is not built; run npm run build');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || !pathname.startsWith('/api/')) {
      if ((request.method === 'GET' || request.method === 'HEAD') && indexHtml !== undefined) {
        const status = SPA_ROUTES.has(pathname.replace(/\/$/, '') || '/') ? 200 : 404;
        return reply
          .status(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(indexHtml);
      }
    }
    return reply.status(404).send({
      error: { code: 'not_found', message: `No route ${request.method} ${pathname}.` },
    });
  });
}
