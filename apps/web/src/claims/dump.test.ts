import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { PUBLIC_PAGES, publicPageText } from './public-page-text.tsx';
it('dumps', async () => {
  for (const page of PUBLIC_PAGES) {
    writeFileSync(`/tmp/x/text${page.replace(/\//g, '_')}.txt`, (await publicPageText(page)).replace(/([.:;!?]) /g, '$1\n'));
  }
});
