import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrandKitRow, BrandKitsRepository } from '../db/brand-kits.repository.ts';
import { AppError } from '../errors.ts';
import { LocalKeptFiles } from '../storage/local-kept-files.ts';
import { BrandService } from './brand.service.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function serviceWith(kits: Partial<BrandKitsRepository>, inspectLogo = goodLogo) {
  const folder = mkdtempSync(path.join(tmpdir(), 'glowreel-brand-'));
  folders.push(folder);
  const service = new BrandService({
    kits: kits as BrandKitsRepository,
    logos: new LocalKeptFiles(folder, '.logo'),
    inspectLogo,
    log: { error: () => undefined },
  });
  return { service, files: () => readdirSync(folder) };
}

const EDITOR = { userId: 'user-1', clinicId: 'clinic-1' };

function goodLogo() {
  return Promise.resolve({ contentType: 'image/png' });
}

describe('BrandService saving a logo', () => {
  it('removes the new file again when the record cannot be written', async () => {
    const { service, files } = serviceWith({
      withLockedKit: () => Promise.reject(new Error('the database went away')),
    });
    await expect(service.saveLogo(EDITOR, new Uint8Array([1, 2, 3]))).rejects.toThrow(
      'the database went away',
    );
    expect(files()).toEqual([]);
  });

  it('writes no file for a logo the checks refuse', async () => {
    let wasRecordTouched = false;
    const { service, files } = serviceWith(
      {
        withLockedKit: () => {
          wasRecordTouched = true;
          return Promise.reject(new Error('unreachable'));
        },
      },
      () => Promise.reject(new AppError('invalid_logo', 'The logo could not be used.')),
    );
    await expect(service.saveLogo(EDITOR, new Uint8Array([1]))).rejects.toMatchObject({
      code: 'invalid_logo',
    });
    expect(wasRecordTouched).toBe(false);
    expect(files()).toEqual([]);
  });
});

describe('BrandService with a saved logo whose file is gone', () => {
  const row: BrandKitRow = {
    user_id: 'user-1',
    clinic_id: 'clinic-1',
    clinic_name: 'Lumen Aesthetics',
    contact: null,
    accent_color: '#c0267a',
    typeface: 'inter',
    logo_key: '3f9c2a4e-8b1d-4c6a-9e2f-5d7a1b0c4e8f',
    logo_content_type: 'image/png',
    updated_at: new Date(),
  };

  it('answers 404 for the logo and renders without one instead of failing', async () => {
    const { service } = serviceWith({ find: () => Promise.resolve(row) });
    await expect(service.readLogo('user-1')).rejects.toMatchObject({ code: 'not_found' });
    const forRender = await service.forRender('user-1', { withLogo: true });
    expect(forRender.logo).toBeNull();
    expect(forRender.kit.clinicName).toBe('Lumen Aesthetics');
  });
});
