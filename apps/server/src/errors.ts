// One error type for the whole server; the global handler turns it into
// { error: { code, message, details } } with the status from this table.
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 422,
  treated_area_required: 422,
  animation_moves_treated_area: 422,
  unauthorized: 401,
  insufficient_credits: 402,
  forbidden: 403,
  email_not_verified: 403,
  cross_origin_refused: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  invalid_image_format: 400,
  empty_image: 400,
  animated_image: 400,
  truncated_image: 400,
  image_too_many_pixels: 400,
  image_too_small: 400,
  image_too_large: 413,
  invalid_logo: 400,
  invalid_request: 400,
  invalid_option: 400,
  invalid_template: 422,
  engine_unavailable: 422,
  missing_image: 400,
  consent_required: 400,
  invalid_consent: 422,
  consent_revoked: 410,
  consent_expired: 410,
  invalid_webhook_url: 400,
  invalid_cursor: 400,
  idempotency_conflict: 409,
  video_rendering: 409,
  export_in_progress: 409,
  export_expired: 410,
  account_deleted: 410,
  invitation_expired: 410,
  seats_full: 409,
  confirmation_mismatch: 422,
  wrong_password: 403,
  recent_sign_in_required: 403,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}
