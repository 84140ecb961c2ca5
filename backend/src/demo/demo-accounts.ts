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

/** Roles that work inside the demo corporation also hold 'corp' (the corporation area needs it). */
const IN_DEMO_CORPORATION: readonly Role[] = ['security', 'fc', 'miner', 'industrialist'];

/** The roles a demo account is created with: its own, 'corp' for corporation roles, and 'user'. */
export function demoRoles(role: Role): Role[] {
  if (role === 'user') return ['user'];
  return IN_DEMO_CORPORATION.includes(role) ? [role, 'corp', 'user'] : [role, 'user'];
}
