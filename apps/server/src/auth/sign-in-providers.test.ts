import { describe, expect, it } from 'vitest';
import { providerNameOf, publicSignInProviders } from './sign-in-providers.ts';

describe('providerNameOf', () => {
  it("keeps a provider's usable name, trimmed", () => {
    expect(providerNameOf('  Nova Aesthetics ', 'nova@clinic.example')).toBe('Nova Aesthetics');
  });

  it('falls back to the e-mail local part for a missing, blank or unusable name', () => {
    expect(providerNameOf(undefined, 'nova@clinic.example')).toBe('nova');
    expect(providerNameOf('   ', 'nova@clinic.example')).toBe('nova');
    expect(providerNameOf('Nova\u0000Clinic', 'nova@clinic.example')).toBe('nova');
    expect(providerNameOf('x'.repeat(500), 'nova@clinic.example')).toBe('nova');
  });

  it('never gives an empty name', () => {
    expect(providerNameOf(undefined, undefined)).toBe('Clinic');
  });
});

describe('publicSignInProviders', () => {
  it('lists Google first, then the named issuer, and nothing secret', () => {
    const providers = publicSignInProviders({
      google: { clientId: 'id', clientSecret: 'google-secret' },
      oidc: { issuer: 'https://id.example', clientId: 'c', clientSecret: 's', name: 'Okta' },
    });
    expect(providers).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'oidc', name: 'Okta' },
    ]);
  });
});
