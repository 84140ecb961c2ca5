import { formatSecurity } from '@eve-toolkit/shared-types';

/** «Jita (0,9)»: a solar system's name and its security as the game shows it, with a decimal comma. */
export const systemLabel = (s: { name: string; security: number }) => `${s.name} (${formatSecurity(s.security)})`;
