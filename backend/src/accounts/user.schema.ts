import { Schema } from 'mongoose';
import { ROLES, type Role } from '@eve-toolkit/shared-types';

/** An account (`users`). Usernames are unique case-insensitively (`username_lower`). */
export interface UserDoc {
  _id: import('mongoose').Types.ObjectId;
  username: string;
  username_lower: string;
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
UserSchema.index({ created_at: 1 });

export const USER_MODEL = 'User';
