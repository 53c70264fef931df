export {
  BILLING_COPY,
  BILLING_MODES,
  DEMO_PORTAL_ACTIONS,
  billingStatusSchema,
  checkoutRequestSchema,
  demoPortalActionSchema,
  portalRequestSchema,
  redirectResponseSchema,
  type BillingMode,
  type BillingStatus,
  type CheckoutRequest,
  type DemoPortalAction,
  type PortalRequest,
} from './billing.ts';
export { COPY } from './copy.ts';
export { errorBodySchema, type ErrorBody } from './errors.ts';
export {
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  failedPasswordRules,
  isPasswordValid,
  type PasswordRule,
} from './password.ts';
export {
  FREE_PLAN_API_REQUESTS_PER_MINUTE,
  PAID_PLAN_IDS,
  PLANS,
  findPlan,
  type PaidPlanId,
  type PlanDefinition,
  type PlanId,
} from './plans.ts';
export {
  NEW_PROFILE_DEFAULTS,
  SUBSCRIPTION_STATUSES,
  isPaid,
  profileSchema,
  type Profile,
} from './profile.ts';
export {
  DEFAULT_SITE_CONFIG,
  RETRY_AFTER_MINUTES,
  SAMPLE_VIDEOS,
  SITE_COPY,
  VIDEO_READY_CLAIM,
  VIDEO_READY_SECONDS,
  type SampleVideo,
  type SiteConfig,
} from './site.ts';
export {
  DEMO_REQUEST_LIMITS,
  FEEDBACK_CATEGORIES,
  demoRequestSchema,
  feedbackRequestSchema,
  landingStatsSchema,
  type DemoRequest,
  type FeedbackCategoryName,
  type FeedbackRequest,
  type LandingStats,
} from './requests.ts';
export {
  ANIMATION_LABELS,
  ASPECTS,
  DEFAULT_VIDEO_OPTIONS,
  EMPHASIS_EFFECTS,
  EMPHASIS_LABELS,
  MOTION_SPEEDS,
  PRIMARY_ANIMATIONS,
  SPEED_LABELS,
  VIDEO_DURATION_SECONDS,
  VIDEO_FPS,
  outputSizeFor,
  videoOptionsSchema,
  type Aspect,
  type EmphasisEffect,
  type MotionSpeed,
  type PrimaryAnimation,
  type VideoOptions,
} from './video-options.ts';
