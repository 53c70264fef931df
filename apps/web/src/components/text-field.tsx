import { FieldError } from './field-error.tsx';
import { inputClass, labelClass } from './form-styles.ts';

interface TextFieldProps {
  id: string;
  label: string;
  type: 'text' | 'email';
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  error?: string | undefined;
}

export function TextField({
  id,
  label,
  type,
  value,
  onChange,
  autoComplete,
  error,
}: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        required
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
