import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// SPEC §2 routes: a deep link to any of them loads the app.
export const SPA_ROUTES = new Set([
  '/',
  '/login',
  '/register',
  // Password reset (issue 17 §1): the e-mailed link opens /reset-password?token=….
  '/forgot-password',
  '/reset-password',
  '/dashboard',
  '/generate',
  '/account',
  // Where the app lands once an account was deleted (issue #18 §2).
  '/account-deleted',
  '/documentation',
  '/api',
  '/support',
  '/privacy-policy',
  '/terms-of-service',
  // Demo billing's own checkout and portal pages (issue 6).
  '/billing/demo-checkout',
  '/billing/demo-portal',
]);

type HtmlEncoding = 'br' | 'gzip' | 'identity';
interface HtmlVariants {
  identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

function readIfExists(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

/** landing.html and the .br/.gz copies the build writes beside it (scripts/prerender-landing.ts). */
function readLandingVariants(webDistDir: string): HtmlVariants | undefined {
  const file = path.join(webDistDir, 'landing.html');
  const identity = readIfExists(file);
  if (identity === undefined) return undefined;
  return { identity, br: readIfExists(`${file}.br`), gzip: readIfExists(`${file}.gz`) };
}

/** The best copy for the client's Accept-Encoding (weights ignored, q=0 honoured). */
function pickVariant(
  acceptEncoding: string | undefined,
  variants: HtmlVariants,
): { encoding: HtmlEncoding; body: Buffer } {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  for (const encoding of ['br', 'gzip'] as const) {
    const body = variants[encoding];
    if (body !== undefined && accepted.has(encoding)) return { encoding, body };
  }
  return { encoding: 'identity', body: variants.identity };
}

export async function registerSpaRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  // `/` alone gets the landing page pre-rendered at build time, so a phone paints it before
  // React runs; every other route keeps the empty shell (they are client-rendered).
  const landing = indexHtml === undefined ? undefined : readLandingVariants(webDistDir);
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
        const route = pathname.replace(/\/$/, '') || '/';
        if (route === '/' && landing !== undefined) {
          const { encoding, body } = pickVariant(request.headers['accept-encoding'], landing);
          if (encoding !== 'identity') reply.header('content-encoding', encoding);
          return reply
            .status(200)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .header('vary', 'accept-encoding')
            .send(body);
        }
        const status = SPA_ROUTES.has(route) ? 200 : 404;
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
