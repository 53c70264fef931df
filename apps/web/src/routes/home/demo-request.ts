import {
  demoRequestReplySchema,
  demoRequestSchema,
  type DemoRequestInput,
} from '@glowreel/contracts';

/** The demo form's fields as typed: every one a string, the optional ones possibly empty. */
export type DemoRequest = Required<DemoRequestInput>;

export const EMPTY_DEMO_REQUEST: DemoRequest = {
  name: '',
  email: '',
  phone: '',
  company: '',
  message: '',
};

export type DemoFieldErrors = Partial<Record<keyof DemoRequest, string>>;

/**
 * SPEC §5: the server's own schema checks the form, so a request the form lets through is
 * one the server accepts (Full Name and Email Address required, every length limit).
 */
export function validateDemoRequest(request: DemoRequest): DemoFieldErrors {
  const parsed = demoRequestSchema.safeParse(request);
  if (parsed.success) return {};
  const errors: DemoFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof DemoRequest | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** SPEC §7: success only when the HTTP status is OK and the body says success: true. */
export async function submitDemoRequest(request: DemoRequest): Promise<boolean> {
  try {
    const response = await fetch('/api/schedule-demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      // The schema trims on the server as well; the optional fields travel as typed.
      body: JSON.stringify(request),
    });
    const reply = demoRequestReplySchema.safeParse(await response.json().catch(() => null));
    return response.ok && reply.success && reply.data.success;
  } catch {
    return false;
  }
}
