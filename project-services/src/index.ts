// What the rest of the server may use of the project services (package.json exports nothing else
// but ./testing for tests):
// - buildProjectServices: their server, which platform-api composes and listens with;
// - createProjectServicesAdmin: the one facade the console reaches them through, also made by
//   platform-api and handed to the console as deps.services.projectServices;
// - the facade's contracts, as types: console-api imports these alone, with `import type` (a lint rule).

export { buildProjectServices, type ProjectServicesOptions } from './services';
export { createProjectServicesAdmin, type ProjectServicesAdminDeps } from './admin/index';
export type {
  AuthAdmin,
  AuthRefusal,
  AuthUser,
  ConsoleRequestOrigin,
  ConsoleResumableMount,
  ConsoleUpload,
  ListOptions,
  ObjectDownload,
  OutboxEmail,
  ProjectAuthSettings,
  ProjectRecords,
  ProjectServicesAdmin,
  ProjectStorage,
  ProjectUsersAdmin,
  RestAdmin,
  RestSettings,
  StorageAdmin,
  UploadClaim,
  UploadTarget,
  UserPage,
} from './admin/contracts';
