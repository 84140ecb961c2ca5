import type { AdminRoleRequest } from '@eve-toolkit/shared-types';
import type { RoleRequestDoc } from './role-request.schema';

/** Spec §3 Role request (id, user.username, role) as admins see it. */
export function toAdminRoleRequest(doc: RoleRequestDoc): AdminRoleRequest {
  return {
    id: String(doc._id),
    user: { id: doc.user_id, username: doc.username },
    role: doc.role,
    created_at: doc.created_at.toISOString(),
  };
}
