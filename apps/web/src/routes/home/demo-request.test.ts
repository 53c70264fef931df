import { describe, expect, it } from 'vitest';
import { EMPTY_DEMO_REQUEST, validateDemoRequest } from './demo-request.ts';

describe('validateDemoRequest', () => {
  it('asks for the required name and e-mail', () => {
    expect(validateDemoRequest(EMPTY_DEMO_REQUEST)).toEqual({
      name: 'Full Name is required.',
      email: 'Email Address is required.',
    });
  });

  it('accepts what the server accepts', () => {
    const request = { ...EMPTY_DEMO_REQUEST, name: ' Mara Ellis ', email: 'mara@clinic.com' };
    expect(validateDemoRequest(request)).toEqual({});
  });

  // The hand-written check let these through and the server then refused the whole request.
  it("applies the server's own limits and e-mail rule", () => {
    const errors = validateDemoRequest({
      name: 'M'.repeat(121),
      email: 'mara@clinic',
      phone: '',
      company: 'C'.repeat(161),
      message: '',
    });
    expect(Object.keys(errors).sort()).toEqual(['company', 'email', 'name']);
    expect(errors.company).toBe('Company can be at most 160 characters.');
  });
});
