/** SPEC §3 demo request, as POST /api/schedule-demo expects it. */
export interface DemoRequest {
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
}

export const EMPTY_DEMO_REQUEST: DemoRequest = {
  name: '',
  email: '',
  phone: '',
  company: '',
  message: '',
};

// A pragmatic check: something@something.tld, as the e-mail input type means it.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type DemoFieldErrors = Partial<Record<'name' | 'email', string>>;

/** SPEC §5: Full Name and Email Address are required; the rest is optional. */
export function validateDemoRequest(request: DemoRequest): DemoFieldErrors {
  const errors: DemoFieldErrors = {};
  if (request.name.trim() === '') errors.name = 'Please enter your full name.';
  if (request.email.trim() === '') errors.email = 'Please enter your email address.';
  else if (!EMAIL_PATTERN.test(request.email.trim()))
    errors.email = `"${request.email.trim()}" is not an email address; use the form name@clinic.com.`;
  return errors;
}

/** SPEC §7: success only when the HTTP status is OK and the body says success: true. */
export async function submitDemoRequest(request: DemoRequest): Promise<boolean> {
  try {
    const response = await fetch('/api/schedule-demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: request.name.trim(),
        email: request.email.trim(),
        phone: request.phone.trim(),
        company: request.company.trim(),
        message: request.message.trim(),
      }),
    });
    const body: unknown = await response.json().catch(() => null);
    return (
      response.ok &&
      typeof body === 'object' &&
      body !== null &&
      'success' in body &&
      body.success === true
    );
  } catch {
    return false;
  }
}
