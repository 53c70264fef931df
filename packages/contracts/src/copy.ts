// User-facing texts from SPEC.md, kept in one place so the server and the UI agree.
export const COPY = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordDoesNotMeetRequirements: 'Password does not meet requirements',
  signInFailed: 'Failed to sign in',
  registerFailed: 'Failed to create account',
  invalidCredentials: 'Invalid email or password',
  loading: 'Loading...',
} as const;
