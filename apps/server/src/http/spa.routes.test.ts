import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpaRoutes, SPA_ROUTES } from './spa.routes.ts';

describe('SPA serving', () => {
  let app: FastifyInstance;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'glowreel-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Glowreel</title>');
    writeFileSync(path.join(distDir, 'app.js'), 'console.log(1)');
    app = Fastify();
    await registerSpaRoutes(app, distDir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it.each([...SPA_ROUTES])('serves the app for the deep link %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Glowreel</title>');
  });

  it('serves built files', async () => {
    const response = await app.inject({ method: 'GET', url: '/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('serves the app with 404 for a page that does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('keeps unknown /api paths as JSON 404s', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('SPA serving with the pre-rendered landing page', () => {
  const LANDING = '<!doctype html><title>Landing</title><div id="root"><h1>Hero</h1></div>';
  let app: FastifyInstance;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'glowreel-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Glowreel</title>');
    writeFileSync(path.join(distDir, 'landing.html'), LANDING);
    writeFileSync(path.join(distDir, 'landing.html.br'), brotliCompressSync(LANDING));
    writeFileSync(path.join(distDir, 'landing.html.gz'), gzipSync(LANDING));
    app = Fastify();
    await registerSpaRoutes(app, distDir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves landing.html for / without caching it', async () => {
    const response = await app.inject({ method: 'GET', url: '/?ref=ad' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(LANDING);
  });

  it('sends the brotli or gzip copy of landing.html to a client that accepts it', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LANDING);

    const gzip = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(LANDING);
  });

  it.each([...SPA_ROUTES].filter((url) => url !== '/'))(
    'keeps the empty shell for %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Glowreel</title>');
    },
  );

  it('keeps the empty shell and the 404 for a page that does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Glowreel</title>');
  });
});
