export interface HealthResponse {
  status: 'ok' | 'degraded';
  version: string;
  uptimeSeconds: number;
  demo: boolean;
  database: { mode: 'embedded' | 'external'; ok: boolean };
  sde: { buildNumber: number; releaseDate: string | null; importedAt: string } | null;
  /** Socket.IO: on this instance only, or across instances through Redis (and whether Redis answers now). */
  realtime: { adapter: 'local' | 'redis'; redis: 'ok' | 'down' | null };
}
