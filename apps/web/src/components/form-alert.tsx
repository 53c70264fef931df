/** The single alert region of a form: screen readers announce it as soon as it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-accent-100 bg-accent-50 px-4 py-3 text-sm text-accent-700"
    >
      {message}
    </p>
  );
}
