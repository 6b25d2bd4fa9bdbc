import { genericPermissionNotice, PERMISSIONS } from '@plinth/shared-contracts';
import { useArea } from '@plinth/area-kit';

/** Changes to the database need tenant SQL admin write (000 §6); without it, why the buttons are off. */
export function useDatabaseWrite(what: string): { allowed: boolean; reason: string | null } {
  const { can } = useArea();
  const allowed = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  return { allowed, reason: allowed ? null : genericPermissionNotice(what) };
}

/** Why a row cannot be changed: its schema is protected, or the user may not write. */
export function rowReason(isProtected: boolean, reason: string | null): string | null {
  return isProtected ? 'Objects of the protected system schemas cannot be changed' : reason;
}
