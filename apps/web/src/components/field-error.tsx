import { fieldErrorClass } from './form-styles.ts';

/** A message tied to one field through its id (the input lists it in aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={fieldErrorClass}>
      {message}
    </p>
  );
}
