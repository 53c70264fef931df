// SPEC §7's rate-limit header example, with the values it gives (50 / 47 / 1642252800).
export const RATE_LIMIT_HEADERS = `X-RateLimit-Limit: 50
X-RateLimit-Remaining: 47
X-RateLimit-Reset: 1642252800`;
