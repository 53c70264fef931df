import {
  accountDeletedSchema,
  accountDeletionRequirementsSchema,
  dataExportSchema,
  latestDataExportSchema,
  type AccountDeletionRequest,
  type AccountDeletionRequirements,
  type DataExport,
} from '@glowreel/contracts';
import { requestJson } from './api-client.ts';

// Issue #18 §2: delete a video, delete the account, download my data.

export const DATA_EXPORT_QUERY_KEY = ['data-export', 'latest'] as const;
export const DELETION_REQUIREMENTS_QUERY_KEY = ['account', 'deletion'] as const;

export async function deleteVideo(id: string): Promise<void> {
  await requestJson('DELETE', `/api/videos/${encodeURIComponent(id)}`);
}

export async function fetchDeletionRequirements(): Promise<AccountDeletionRequirements> {
  return accountDeletionRequirementsSchema.parse(await requestJson('GET', '/api/account/deletion'));
}

export async function deleteAccount(input: AccountDeletionRequest): Promise<void> {
  accountDeletedSchema.parse(await requestJson('DELETE', '/api/account', input));
}

export async function requestDataExport(): Promise<DataExport> {
  return dataExportSchema.parse(await requestJson('POST', '/api/account/exports', {}));
}

export async function fetchLatestDataExport(): Promise<DataExport | null> {
  return latestDataExportSchema.parse(await requestJson('GET', '/api/account/exports/latest'))
    .export;
}
