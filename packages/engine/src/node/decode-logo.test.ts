import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, decodeLogo } from './decode-logo.ts';

describe('decodeLogo', () => {
  it('flattens a transparent logo onto the end card background', async () => {
    const png = await sharp({
      create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const logo = await decodeLogo(png);
    expect([logo.width, logo.height]).toEqual([40, 20]);
    // DEFAULT_COLORS.background, #0f172a.
    expect(Array.from(logo.data.slice(0, 4))).toEqual([15, 23, 42, 255]);
  });

  it('refuses a file over the logo limit with the size in the message', async () => {
    const oversized = new Uint8Array(LOGO_MAX_BYTES + 1);
    const refusal = decodeLogo(oversized);
    await expect(refusal).rejects.toMatchObject({ code: 'image_too_large' });
    await expect(refusal).rejects.toThrow('the limit is 2 MB');
  });

  it('refuses a file that is not an image', async () => {
    await expect(decodeLogo(new TextEncoder().encode('clinic logo'))).rejects.toMatchObject({
      code: 'invalid_image_format',
    });
  });
});
