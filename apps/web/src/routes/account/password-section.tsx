import { COPY, isPasswordValid } from '@glowreel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FieldError } from '../../components/field-error.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import {
  changePassword,
  SESSIONS_QUERY_KEY,
  type ChangePasswordInput,
} from '../../lib/account-api.ts';
import { ApiError, describeError } from '../../lib/api-client.ts';
import { AccountSection } from './account-section.tsx';
import { saveButtonClass, successTextClass } from './account-styles.ts';

/** Better Auth answers a wrong current password with this code. */
const WRONG_PASSWORD_CODE = 'INVALID_PASSWORD';
const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct.';

/** Issue #17 §4: change password, current password required, with the register page's rules. */
export function PasswordSection() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (_answer, input) => {
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      if (input.revokeOtherSessions) {
        void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
      }
    },
  });

  const error = change.error instanceof ApiError ? change.error : null;
  const serverFields = error?.fieldErrors ?? {};
  const currentError =
    error?.code === WRONG_PASSWORD_CODE ? WRONG_PASSWORD_MESSAGE : serverFields.currentPassword;
  const newError =
    newPassword !== '' && !isPasswordValid(newPassword)
      ? COPY.passwordDoesNotMeetRequirements
      : serverFields.newPassword;
  const confirmError =
    confirmPassword !== '' && confirmPassword !== newPassword
      ? COPY.passwordsDoNotMatch
      : undefined;
  const hasFieldError = currentError !== undefined || serverFields.newPassword !== undefined;
  const isFormValid =
    currentPassword !== '' && isPasswordValid(newPassword) && confirmPassword === newPassword;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isFormValid || change.isPending) return;
    const input: ChangePasswordInput = {
      currentPassword,
      newPassword,
      revokeOtherSessions: signOutOthers,
    };
    change.mutate(input);
  }

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (!change.isIdle) change.reset();
  };

  return (
    <AccountSection
      id="password"
      title="Password"
      description="Change the password you sign in with. You need your current one."
    >
      <form onSubmit={handleSubmit} className="space-y-5" aria-label="Change password">
        <FormAlert
          message={
            change.isError && !hasFieldError
              ? describeError(change.error, 'Your password could not be changed. Please try again.')
              : null
          }
        />
        <div>
          <PasswordInput
            id="current-password"
            label="Current Password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={edit(setCurrentPassword)}
            isInvalid={currentError !== undefined}
            describedBy={currentError ? 'current-password-error' : undefined}
          />
          <FieldError id="current-password-error" message={currentError} />
        </div>
        <NewPasswordFields
          idPrefix="new-"
          labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
          password={newPassword}
          confirmPassword={confirmPassword}
          onPasswordChange={edit(setNewPassword)}
          onConfirmChange={edit(setConfirmPassword)}
          passwordError={newError}
          confirmError={confirmError}
        />
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={signOutOthers}
            onChange={(event) => setSignOutOthers(event.target.checked)}
            className="mt-0.5 size-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
          />
          <span>Sign out of every other device (recommended if someone else may know it)</span>
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={!isFormValid || change.isPending}
            className={saveButtonClass}
          >
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
          <p aria-live="polite" aria-atomic="true" className={successTextClass}>
            {change.isSuccess
              ? change.variables.revokeOtherSessions
                ? 'Password changed. Your other devices were signed out.'
                : 'Password changed.'
              : ''}
          </p>
        </div>
      </form>
    </AccountSection>
  );
}
