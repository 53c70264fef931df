import { describe, expect, it } from 'vitest';
import { BUNDLED_FONT_FILES } from '@glowreel/engine';
import { ENGINE_FONT_URLS } from './engine-font-urls.ts';

describe('the preview font files', () => {
  it('bundles a URL for every font file the server render registers, and no other', () => {
    expect(Object.keys(ENGINE_FONT_URLS).sort()).toEqual(
      BUNDLED_FONT_FILES.map((file) => file.specifier).sort(),
    );
  });

  it.each(BUNDLED_FONT_FILES.map((file) => file.specifier))(
    'points %s at that very file',
    (specifier) => {
      const fileName = specifier.slice(specifier.lastIndexOf('/') + 1);
      expect(ENGINE_FONT_URLS[specifier]).toMatch(
        new RegExp(`/${fileName.replace(/\./g, '\\.')}$`),
      );
    },
  );
});
