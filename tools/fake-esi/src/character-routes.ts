/**
 * Character and corporation routes of the fake ESI, in ESI's real formats:
 *   GET /characters/{id}/                     public info (corporation_id ...), no token
 *   GET /characters/{id}/corporationhistory/  public
 *   GET /corporations/{id}/                   public
 *   GET /characters/{id}/location/            esi-location.read_location.v1
 *   GET /characters/{id}/wallet/              esi-wallet.read_character_wallet.v1 (a bare number)
 *   GET /characters/{id}/mail/                esi-mail.read_mail.v1
 *   GET /characters/{id}/mail/labels/         esi-mail.read_mail.v1 (labels + total_unread_count)
 * Authenticated routes check the Bearer token like ESI: signed by the (fake) SSO, not expired,
 * issued for this very character and carrying the route's scope.
 */
import { FAKE_CORPORATIONS, DEFAULT_SSO_CHARACTERS, unreadCount, type FakeSsoCharacter } from './sso-characters';
import type { FakeRoute, RouteContext, RouteResult } from './server';
import type { FakeSso } from './sso';

/** ESI's cache lifetimes for these routes (seconds). */
export const CHARACTER_CACHE_SECONDS = {
  public: 3600,
  history: 86_400,
  corporation: 3600,
  location: 5,
  wallet: 120,
  mail: 30,
  labels: 30,
} as const;

export interface CharacterRoutesSource {
  /** The SSO whose tokens are accepted (null: authenticated routes answer 401). */
  sso(): FakeSso | null;
  /** Overrides every cache lifetime (tests: 0 so each change is seen at once). */
  cacheSeconds(): number | undefined;
}

function error(status: number, message: string, extra: Record<string, unknown> = {}): RouteResult {
  return { status, body: { error: message, ...extra } };
}

function characters(source: CharacterRoutesSource): readonly FakeSsoCharacter[] {
  return source.sso()?.characters ?? DEFAULT_SSO_CHARACTERS;
}

function cached(ctx: RouteContext, source: CharacterRoutesSource, seconds: number, body: unknown): RouteResult {
  const s = source.cacheSeconds() ?? seconds;
  return { body, expires: new Date(ctx.nowMs + s * 1000), lastModified: new Date(Math.floor(ctx.nowMs / 1000) * 1000) };
}

/** The character the path names, after checking the Bearer token for it and `scope`. */
async function authorized(
  ctx: RouteContext,
  source: CharacterRoutesSource,
  scope: string,
): Promise<{ character: FakeSsoCharacter } | { fail: RouteResult }> {
  const id = Number(ctx.params[0]);
  const header = ctx.req.headers.authorization ?? '';
  const sso = source.sso();
  const m = /^Bearer (\S+)$/.exec(header);
  if (!m || !sso) return { fail: error(401, 'authorization not provided') };
  const claims = await sso.verifyAccessToken(m[1]);
  if ('error' in claims) {
    return {
      fail:
        claims.error === 'expired' ? error(403, 'token is expired', { sso_status: 200 }) : error(401, 'authentication failure'),
    };
  }
  if (claims.characterId !== id) return { fail: error(403, 'token not valid for this character') };
  if (!claims.scp.includes(scope)) return { fail: error(403, 'token not valid for scope') };
  const character = sso.character(id);
  if (!character) return { fail: error(404, 'Character not found') };
  return { character };
}

export function characterRoutes(source: CharacterRoutesSource): FakeRoute[] {
  const find = (ctx: RouteContext) => characters(source).find((c) => c.id === Number(ctx.params[0]));
  const authed =
    (scope: string, seconds: number, render: (c: FakeSsoCharacter) => unknown) =>
    async (ctx: RouteContext): Promise<RouteResult> => {
      const r = await authorized(ctx, source, scope);
      if ('fail' in r) return r.fail;
      return cached(ctx, source, seconds, render(r.character));
    };
  return [
    {
      name: 'characters.public',
      method: 'GET',
      pattern: /^\/characters\/(\d+)$/,
      handle: (ctx) => {
        const c = find(ctx);
        if (!c) return error(404, 'Character not found');
        return cached(ctx, source, CHARACTER_CACHE_SECONDS.public, {
          ...(c.allianceId ? { alliance_id: c.allianceId } : {}),
          birthday: c.birthday,
          bloodline_id: c.bloodlineId,
          corporation_id: c.corporationId,
          description: '',
          gender: c.gender,
          name: c.name,
          race_id: c.raceId,
          security_status: c.securityStatus,
        });
      },
    },
    {
      name: 'characters.corporationhistory',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/corporationhistory$/,
      handle: (ctx) => {
        const c = find(ctx);
        if (!c) return error(404, 'Character not found');
        const history = [{ corporation_id: 1000044, is_deleted: false, record_id: c.id % 100_000, start_date: c.birthday }];
        if (c.corporationId !== 1000044) {
          const joined = new Date(Date.parse(c.birthday) + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
          history.unshift({
            corporation_id: c.corporationId,
            is_deleted: false,
            record_id: (c.id % 100_000) + 1,
            start_date: joined,
          });
        }
        return cached(ctx, source, CHARACTER_CACHE_SECONDS.history, history);
      },
    },
    {
      name: 'corporations.public',
      method: 'GET',
      pattern: /^\/corporations\/(\d+)$/,
      handle: (ctx) => {
        const corp = FAKE_CORPORATIONS.find((c) => c.id === Number(ctx.params[0]));
        if (!corp) return error(404, 'Corporation not found');
        return cached(ctx, source, CHARACTER_CACHE_SECONDS.corporation, {
          ceo_id: corp.ceoId,
          creator_id: corp.ceoId,
          description: '',
          member_count: characters(source).filter((c) => c.corporationId === corp.id).length,
          name: corp.name,
          tax_rate: 0.1,
          ticker: corp.ticker,
        });
      },
    },
    {
      name: 'characters.location',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/location$/,
      handle: authed('esi-location.read_location.v1', CHARACTER_CACHE_SECONDS.location, (c) => ({
        solar_system_id: c.solarSystemId,
        ...(c.stationId ? { station_id: c.stationId } : {}),
      })),
    },
    {
      name: 'characters.wallet',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/wallet$/,
      handle: authed('esi-wallet.read_character_wallet.v1', CHARACTER_CACHE_SECONDS.wallet, (c) => c.wallet),
    },
    {
      name: 'characters.mail',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/mail$/,
      handle: authed('esi-mail.read_mail.v1', CHARACTER_CACHE_SECONDS.mail, (c) =>
        [...c.mails]
          .sort((a, b) => b.mail_id - a.mail_id)
          .slice(0, 50)
          .map((m) => ({
            from: m.from,
            is_read: m.is_read,
            labels: m.labels,
            mail_id: m.mail_id,
            recipients: [{ recipient_id: c.id, recipient_type: 'character' }],
            subject: m.subject,
            timestamp: m.timestamp,
          })),
      ),
    },
    {
      name: 'characters.mail.labels',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/mail\/labels$/,
      handle: authed('esi-mail.read_mail.v1', CHARACTER_CACHE_SECONDS.labels, (c) => {
        const unread = unreadCount(c);
        return {
          labels: [
            { color: '#ffffff', label_id: 1, name: '[Inbox]', unread_count: unread },
            { color: '#ffffff', label_id: 2, name: '[Sent]', unread_count: 0 },
            { color: '#ffffff', label_id: 4, name: '[Corp]', unread_count: 0 },
            { color: '#ffffff', label_id: 8, name: '[Alliance]', unread_count: 0 },
          ],
          total_unread_count: unread,
        };
      }),
    },
  ];
}
