import { Schema } from 'mongoose';
import { ROLES, type Role } from '@eve-toolkit/shared-types';

/**
 * An account (`users`). Usernames are unique case-insensitively (`username_lower`) and by their
 * confusable skeleton (`username_skeleton`, TR39): no two names look alike.
 */
export interface UserDoc {
  _id: import('mongoose').Types.ObjectId;
  username: string;
  username_lower: string;
  /**
   * usernameSkeleton(username); null for an account from before the rule whose name looks like
   * an older account's (it keeps its name, and no new look-alike of either can register).
   */
  username_skeleton?: string | null;
  email: string | null;
  /** scrypt$N$r$p$salt$hash (see password.ts); never returned by any endpoint. */
  password_hash: string;
  roles: Role[];
  is_active: boolean;
  created_at: Date;
  last_active: Date | null;
}

export const UserSchema = new Schema<UserDoc>(
  {
    username: { type: String, required: true, trim: true },
    username_lower: { type: String, required: true },
    username_skeleton: { type: String },
    email: { type: String, default: null },
    password_hash: { type: String, required: true },
    roles: { type: [String], enum: ROLES, default: ['user'] },
    is_active: { type: Boolean, default: true },
    created_at: { type: Date, required: true },
    last_active: { type: Date, default: null },
  },
  { collection: 'users', versionKey: false },
);
UserSchema.index({ username_lower: 1 }, { unique: true });
// Only strings are indexed: the look-alikes from before the rule (null) do not collide.
UserSchema.index(
  { username_skeleton: 1 },
  { unique: true, partialFilterExpression: { username_skeleton: { $type: 'string' } }, name: 'username_skeleton_unique' },
);
UserSchema.index({ created_at: 1 });

export const USER_MODEL = 'User';
