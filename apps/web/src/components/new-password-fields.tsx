import { FieldError } from './field-error.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import { PasswordInput } from './password-input.tsx';

interface NewPasswordFieldsProps {
  /** Field ids start with it ('' → "password", 'new-' → "new-password"). */
  idPrefix: '' | 'new-';
  labels: { password: string; confirm: string };
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  passwordError: string | undefined;
  confirmError: string | undefined;
}

/**
 * A new password with the SPEC §5 checklist and its confirmation: the one form part of every
 * page that sets a password (register, reset, account settings).
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmChange,
  passwordError,
  confirmError,
}: NewPasswordFieldsProps) {
  const id = `${idPrefix}password`;
  const confirmId = `confirm-${idPrefix}password`;
  return (
    <>
      <div>
        <PasswordInput
          id={id}
          label={labels.password}
          autoComplete="new-password"
          value={password}
          onChange={onPasswordChange}
          isInvalid={passwordError !== undefined}
          describedBy={passwordError ? `${id}-rules ${id}-error` : `${id}-rules`}
        />
        <PasswordChecklist id={`${id}-rules`} password={password} />
        <FieldError id={`${id}-error`} message={passwordError} />
      </div>
      <div>
        <PasswordInput
          id={confirmId}
          label={labels.confirm}
          autoComplete="new-password"
          value={confirmPassword}
          onChange={onConfirmChange}
          isInvalid={confirmError !== undefined}
          describedBy={confirmError ? `${confirmId}-error` : undefined}
        />
        <FieldError id={`${confirmId}-error`} message={confirmError} />
      </div>
    </>
  );
}
