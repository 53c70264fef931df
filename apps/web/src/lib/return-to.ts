const DEFAULT_RETURN_TO = '/dashboard';
const AUTH_PAGES = new Set(['/login', '/register']);

/**
 * Where to go after signing in: the page the guard stopped (its location state `from`),
 * else /dashboard. Only same-app paths are accepted, so state can never send us off-site.
 */
export function readReturnTo(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return DEFAULT_RETURN_TO;
  const { from } = state;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return DEFAULT_RETURN_TO;
  const { pathname } = from;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return DEFAULT_RETURN_TO;
  }
  if (AUTH_PAGES.has(pathname)) return DEFAULT_RETURN_TO;
  return pathname + readString(from, 'search') + readString(from, 'hash');
}

function readString(value: object, key: 'search' | 'hash'): string {
  const field: unknown = Reflect.get(value, key);
  return typeof field === 'string' ? field : '';
}
