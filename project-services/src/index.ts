// What the console's API and the server may use of the project services: this list is their
// interface (package.json exports nothing else but ./testing for tests).

export { forgetProjectRecords, projectSecrets } from './caller';
export { type AuthContext, ProjectAuthLimits, sendEmailLink } from './auth/context';
export { AuthError } from './auth/errors';
export { createAuthMailer, listOutbox } from './auth/mail';
export { readProjectAuthSettings, writeProjectAuthSettings } from './auth/settings';
export { type AuthUser, isBanned, isUuid, listUsers, userById } from './auth/users';
export { adminCreateUser, adminDeleteUser, adminUpdateUser } from './auth/admin';
export { invite } from './auth/email-flows';
export { readOAuthProviders, writeOAuthProviders } from './auth/providers';
export { readTemplates, writeTemplate } from './auth/templates';
export { RestSettingsStore } from './rest/settings';
export { ensureStorageSchema } from './storage-engine/schema';
export { restServiceStatus } from './rest/routes';
export { getStorageConfig, organizationPlan, setStorageConfig } from './storage-engine/config';
export { UPLOAD_SWEEP_INTERVAL_MS, rollBackUnfinishedUploads, scheduleUploadRecovery } from './storage-engine/uploads';
export { cacheControlOf, contentTypeOf, mountResumable, objectNameOf, scheduleResumableExpiry } from './storage-engine/resumable';
export { BucketParamsSchema, openStorage } from './storage-engine/access';
export { getBucket, mimeAllowed } from './storage-engine/buckets';
export { deleteObjects, emptyBucket, listFolder, moveObject, readObject, requireObject, touchObject, uploadObject } from './storage-engine/objects';
export { listFolderPage } from './storage-engine/list-page';
export { ATTACHMENT_CSP, INLINE_CSP, objectHeaders, servedType, showableInPlace } from './storage-engine/serving';
export { encodeObjectPath, projectSigningSecret, signObjectToken } from './storage-engine/signing';
export { buildProjectServices } from './services';
export * as buckets from './storage-engine/buckets';
