/** What makes a listing public, on its own: the first screen needs it without the access table. */
import type { AuditStatus, PropertyStatus } from '../model/property-facts';

/** Public listings: active and approved (product §1, §4). */
export function isPubliclyVisible(property: {
  status: PropertyStatus;
  audit_status: AuditStatus;
}): boolean {
  return property.status === 'active' && property.audit_status === 'approved';
}
