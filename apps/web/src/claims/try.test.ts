import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
import { it } from 'vitest';
import { renderPublicPage } from './render-public-page.tsx';
it('renders', async () => {
  for (const p of ['/', '/support', '/documentation', '/api', '/privacy-policy', '/terms-of-service']) {
    (globalThis as any).window = p === '/api' ? { location: { origin: 'http://localhost' } } : undefined;
    const html = await renderPublicPage(p);
    require('node:fs').writeFileSync('/tmp/x/page' + p.replace(/\//g,'_') + '.html', html);
  }
});
