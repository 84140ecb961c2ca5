import type { Role } from '../enums';

/** GET api/client_config: what the SPA needs to know about this deployment. */
export interface ClientConfigResponse {
  version: string;
  /** Demo mode: local stand-ins for the game's services; the UI shows a clear badge. */
  demo: boolean;
  /** Base of the game's public image server, e.g. https://images.evetech.net */
  imageServerUrl: string;
  /** Demo mode only: one account per role (public credentials). */
  demoAccounts?: { username: string; password: string; role: Role }[];
}

/** GET auth/get_session (spec §3 Session). */
export interface SessionResponse {
  isAuthenticated: boolean;
  username: string | null;
  roles: Role[];
}
