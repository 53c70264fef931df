import { Link } from 'react-router';

/** Where the app lands once an account was deleted (issue #18 §2). */
export function AccountDeletedPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <title>Account deleted · Glowreel</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your account was deleted</h1>
      <p className="mt-4 text-slate-600">
        Your videos, API keys, webhooks, brand kit, photo and sessions are gone and any plan was
        cancelled. You can register again with the same e-mail address at any time; it starts as a
        new account.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          to="/"
          className="rounded-lg border border-slate-300 px-4 py-2.5 font-medium text-slate-700 no-underline hover:bg-slate-50"
        >
          Back to the home page
        </Link>
        <Link
          to="/register"
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white no-underline hover:bg-brand-800"
        >
          Create a new account
        </Link>
      </div>
    </div>
  );
}
