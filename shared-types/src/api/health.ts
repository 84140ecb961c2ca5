export interface HealthResponse {
  status: 'ok' | 'degraded';
  version: string;
  uptimeSeconds: number;
  demo: boolean;
  database: { mode: 'embedded' | 'external'; ok: boolean };
  sde: { buildNumber: number; releaseDate: string | null; importedAt: string } | null;
  /**
   * ESI refreshes (hub books, industry inputs): when each last stored data and its last failure
   * (ESI down or slow: the pages keep serving what is stored, the next tick retries).
   */
  esi: {
    job: string;
    updatedAt: string | null;
    checkedAt: string | null;
    lastError: string | null;
    lastErrorAt: string | null;
  }[];
  /** Socket.IO: on this instance only, or across instances through Redis (and whether Redis answers now). */
  realtime: { adapter: 'local' | 'redis'; redis: 'ok' | 'down' | null };
}
