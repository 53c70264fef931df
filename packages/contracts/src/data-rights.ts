import { z } from 'zod';

// Issue #18 §2: deleting an account and downloading its data. Deleting a video answers
// 204 with no body (DELETE /api/videos/:id, DELETE /api/v1/videos/{id}).

/** How long a finished export stays downloadable. */
export const DATA_EXPORT_OFFER_HOURS = 24;

/** How recent a sign-in must be to delete an account that has no password (Google, OIDC). */
export const ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES = 10;

/** DELETE /api/account: the e-mail typed to confirm, and the password when the account has one. */
export const accountDeletionRequestSchema = z.object({
  email: z.string().trim().min(1, 'Type your e-mail address to confirm.').max(320),
  password: z.string().max(128).optional(),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

export const accountDeletedSchema = z.object({ deleted: z.literal(true) });
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/** What the Delete account card needs to know before asking. */
export const accountDeletionRequirementsSchema = z.object({
  /** False for accounts that only sign in with Google or OIDC: a recent sign-in is asked instead. */
  hasPassword: z.boolean(),
  /** For accounts without a password: whether this session signed in recently enough. */
  signedInRecently: z.boolean(),
});
export type AccountDeletionRequirements = z.infer<typeof accountDeletionRequirementsSchema>;

export const DATA_EXPORT_STATUSES = ['building', 'ready', 'failed', 'expired'] as const;

/** One "Download my data" request and where its zip stands. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0–100 while building; 100 once ready. */
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  /** When a ready zip stops being offered (ISO 8601). */
  expiresAt: z.string().nullable(),
  /** Where to download the zip while it is offered. */
  downloadUrl: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/account/exports/latest: the newest export, if any. */
export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

/** The name of the JSON file inside the zip; each MP4 is videos/<id>.mp4 beside it. */
export const DATA_EXPORT_JSON_NAME = 'glowreel-data.json';

/**
 * The JSON file in the zip: everything the account holds, in one document (issue #18 §2).
 * With clinic teams (issue #21) that is the person's own account, the clinics they own (every
 * member's work in them included) and the videos they made in clinics they do not own; each
 * ledger entry, video and engine notice names its clinic by `clinicId`, listed in `clinics`.
 */
export const dataExportDocumentSchema = z.object({
  format: z.literal('glowreel-data-export/1'),
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    createdAt: z.string(),
  }),
  /** The clinics the account owns; `personal` marks its own clinic from sign-up. */
  clinics: z.array(z.object({ id: z.string(), name: z.string(), personal: z.boolean() })),
  plan: z.object({
    plan: z.string(),
    status: z.string(),
    videosRemaining: z.number(),
    videosTotal: z.number(),
    creditsFree: z.number().nullable(),
    creditsBonus: z.number().nullable(),
  }),
  ledger: z.array(
    z.object({
      clinicId: z.string(),
      at: z.string(),
      bucket: z.string(),
      delta: z.number(),
      reason: z.string(),
      balanceAfter: z.number(),
      note: z.string().nullable(),
    }),
  ),
  videos: z.array(
    z.object({
      id: z.string(),
      /** A clinic of `clinics`, or another clinic where the account made the video. */
      clinicId: z.string(),
      title: z.string(),
      status: z.string(),
      createdAt: z.string(),
      completedAt: z.string().nullable(),
      width: z.number(),
      height: z.number(),
      template: z.string().nullable(),
      /** builtin, or veo (generative, issue #20). */
      engine: z.string(),
      provenance: z.unknown(),
      consent: z.unknown(),
      /** The MP4's name inside the zip, or null when the video has no file. */
      file: z.string().nullable(),
    }),
  ),
  /** The engines' notices the clinic accepted (issue #20): which, which version, by whom, when. */
  engineOptIns: z.array(
    z.object({
      clinicId: z.string(),
      engine: z.string(),
      noticeVersion: z.string(),
      acceptedBy: z.string(),
      acceptedAt: z.string(),
    }),
  ),
  auditLog: z.array(z.unknown()),
});
export type DataExportDocument = z.infer<typeof dataExportDocumentSchema>;
