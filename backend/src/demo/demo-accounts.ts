import { ROLES, type Role } from '@eve-toolkit/shared-types';

/**
 * Demo mode only: one account per role, so every screen can be tried on a fresh machine. The
 * passwords are public by design (printed at start and shown on the login page in demo mode);
 * none of these accounts exists outside demo mode.
 */
export interface DemoAccount {
  username: string;
  password: string;
  role: Role;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = ROLES.map((role) => ({
  username: `demo_${role}`,
  password: `demo-${role}-pass`,
  role,
}));
