export interface HealthResponse {
  status: 'ok' | 'degraded';
  version: string;
  uptimeSeconds: number;
  demo: boolean;
  database: { mode: 'embedded' | 'external'; ok: boolean };
  sde: { buildNumber: number; releaseDate: string | null; importedAt: string } | null;
}
