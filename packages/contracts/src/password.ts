// SPEC §5 password rules, shared by the register checklist and the server.
export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordRule {
  id: 'length' | 'digit' | 'letter';
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    test: (password) => password.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'digit', label: 'Contains a number', test: (password) => /\d/.test(password) },
  { id: 'letter', label: 'Contains a letter', test: (password) => /\p{L}/u.test(password) },
];

export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

export function isPasswordValid(password: string): boolean {
  return failedPasswordRules(password).length === 0;
}
