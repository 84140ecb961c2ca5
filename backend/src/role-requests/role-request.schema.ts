import { Schema, type Types } from 'mongoose';
import { ROLES, type Role, type RoleRequestStatus } from '@eve-toolkit/shared-types';

/** A user's request for a role (`role_requests`); admins grant or refuse it once. */
export interface RoleRequestDoc {
  _id: Types.ObjectId;
  user_id: string;
  username: string;
  role: Role;
  status: RoleRequestStatus;
  created_at: Date;
  decided_at: Date | null;
  /** The deciding admin's username. */
  decided_by: string | null;
}

export const RoleRequestSchema = new Schema<RoleRequestDoc>(
  {
    user_id: { type: String, required: true },
    username: { type: String, required: true },
    role: { type: String, enum: ROLES, required: true },
    status: { type: String, enum: ['pending', 'granted', 'refused'], default: 'pending' },
    created_at: { type: Date, required: true },
    decided_at: { type: Date, default: null },
    decided_by: { type: String, default: null },
  },
  { collection: 'role_requests', versionKey: false },
);
// At most one pending request per user and role (the database decides a double click).
RoleRequestSchema.index({ user_id: 1, role: 1 }, { unique: true, partialFilterExpression: { status: 'pending' } });
RoleRequestSchema.index({ status: 1, created_at: 1 });

export const ROLE_REQUEST_MODEL = 'RoleRequest';
