import { NEW_PROFILE_DEFAULTS, type Profile } from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { VideoApiError } from '../../lib/videos-api.ts';
import { GENERATE_TEXT } from './generate-copy.ts';
import { describeSubmitError, firstBlockingProblem } from './generate-rules.ts';
import { checkPhotoFile, smallPhotoNote } from './photo-rules.ts';

function profileWith(total: number): Profile {
  return {
    uid: 'user-1',
    email: 'clinic@example.com',
    displayName: 'Bright Skin Clinic',
    photoURL: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    subscription: {
      plan: NEW_PROFILE_DEFAULTS.plan,
      status: NEW_PROFILE_DEFAULTS.status,
      videosRemaining: 0,
      videosTotal: NEW_PROFILE_DEFAULTS.videosTotal,
      customerId: null,
    },
    credits: { free: total, bonus: 0, total },
  };
}

describe('firstBlockingProblem', () => {
  it('asks for the image first, even when signed out without credits', () => {
    const problem = firstBlockingProblem({
      hasImage: false,
      auth: { status: 'signed-out', profile: null },
      hasConsent: true,
    });
    expect(problem).toBe(GENERATE_TEXT.imageRequired);
  });

  it('asks to log in before looking at credits', () => {
    const problem = firstBlockingProblem({
      hasImage: true,
      auth: { status: 'loading', profile: profileWith(0) },
      hasConsent: true,
    });
    expect(problem).toBe(GENERATE_TEXT.loginRequired);
  });

  it('refuses when the profile has no credits left', () => {
    const problem = firstBlockingProblem({
      hasImage: true,
      auth: { status: 'signed-in', profile: profileWith(0) },
      hasConsent: true,
    });
    expect(problem).toBe(GENERATE_TEXT.noCredits);
  });

  it('lets a signed-in user with a photo and a credit generate', () => {
    const problem = firstBlockingProblem({
      hasImage: true,
      auth: { status: 'signed-in', profile: profileWith(1) },
      hasConsent: true,
    });
    expect(problem).toBeNull();
  });
});

describe('consent attestation', () => {
  it('comes after the SPEC checks', () => {
    expect(
      firstBlockingProblem({
        hasImage: false,
        auth: { status: 'signed-in', profile: profileWith(1) },
        hasConsent: false,
      }),
    ).toBe(GENERATE_TEXT.imageRequired);
    expect(
      firstBlockingProblem({
        hasImage: true,
        auth: { status: 'signed-in', profile: profileWith(0) },
        hasConsent: false,
      }),
    ).toBe(GENERATE_TEXT.noCredits);
  });

  it('is asked for when everything else is ready', () => {
    expect(
      firstBlockingProblem({
        hasImage: true,
        auth: { status: 'signed-in', profile: profileWith(1) },
        hasConsent: false,
      }),
    ).toBe(GENERATE_TEXT.consentRequired);
  });
});

describe('describeSubmitError', () => {
  it('shows the SPEC image text for an image-format problem, whatever the server said', () => {
    const error = new VideoApiError(
      400,
      'bad_request',
      'truncated at byte 12',
      'invalid_image_format',
    );
    expect(describeSubmitError(error)).toBe(GENERATE_TEXT.imageFailed);
  });

  it.each(['invalid_image_format', 'empty_image', 'truncated_image'])(
    'shows the SPEC image text when the server refuses the photo with %s',
    (code) => {
      const error = new VideoApiError(400, code, 'The file is a PDF document.', null);
      expect(describeSubmitError(error)).toBe(GENERATE_TEXT.imageFailed);
    },
  );

  it("shows the server's own message for a refused logo", () => {
    const message = 'The logo could not be used. The image is 3 MB; the limit is 2 MB.';
    const error = new VideoApiError(400, 'invalid_logo', message, null);
    expect(describeSubmitError(error)).toBe(message);
  });

  it("shows the server's own message for other refusals", () => {
    const error = new VideoApiError(400, 'bad_request', 'The photo is animated.', 'animated_image');
    expect(describeSubmitError(error)).toBe('The photo is animated.');
  });

  it('falls back to the size text for a bare 413 from a proxy', () => {
    expect(describeSubmitError(new ApiError(413, 'UNKNOWN', ''))).toBe(GENERATE_TEXT.photoTooLarge);
  });

  it('says the connection failed when no answer came', () => {
    expect(describeSubmitError(new TypeError('Failed to fetch'))).toBe(GENERATE_TEXT.networkFailed);
  });
});

describe('checkPhotoFile', () => {
  it('accepts a JPEG under 10 MB', () => {
    expect(
      checkPhotoFile(new File([new Uint8Array(10)], 'a.jpg', { type: 'image/jpeg' })),
    ).toBeNull();
  });

  it('names the file and its type when the type is not accepted', () => {
    const file = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    expect(checkPhotoFile(file)).toBe(
      '"scan.pdf" is a application/pdf file. Please upload a JPG, PNG, WEBP, GIF or HEIC photo.',
    );
  });

  it.each([
    ['typed image/heic', 'IMG_0001.HEIC', 'image/heic'],
    ['typed image/heif', 'IMG_0001.heif', 'image/heif'],
    ['given no type by the browser (as Chrome on Windows does)', 'IMG_0001.HEIC', ''],
  ])('accepts an iPhone HEIC photo %s', (_label, name, type) => {
    expect(checkPhotoFile(new File([new Uint8Array(10)], name, { type }))).toBeNull();
  });

  it('still refuses an untyped file whose name is not a photo', () => {
    expect(checkPhotoFile(new File(['x'], 'notes', { type: '' }))).toContain(
      'a file of unknown type',
    );
  });

  it('refuses a photo over 10 MB with its size', () => {
    const file = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(checkPhotoFile(file)).toContain('"big.png" is 10.0 MB. The photo is larger than 10 MB.');
  });
});

describe('smallPhotoNote', () => {
  it('notes a photo under 720 px on its shortest side', () => {
    expect(smallPhotoNote({ width: 1600, height: 700 })).toContain('1600×700 px');
  });

  it('says nothing at 720 px and above', () => {
    expect(smallPhotoNote({ width: 720, height: 1280 })).toBeNull();
  });
});
