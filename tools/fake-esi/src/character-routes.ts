/**
 * Character and corporation routes of the fake ESI, in ESI's real formats:
 *   GET /characters/{id}/                     public info (corporation_id ...), no token
 *   GET /characters/{id}/corporationhistory/  public
 *   GET /corporations/{id}/                   public
 *   GET /alliances/{id}/                      public
 *   GET /characters/{id}/location/            esi-location.read_location.v1
 *   GET /characters/{id}/wallet/              esi-wallet.read_character_wallet.v1 (a bare number)
 *   GET /characters/{id}/mail/                esi-mail.read_mail.v1
 *   GET /characters/{id}/mail/labels/         esi-mail.read_mail.v1 (labels + total_unread_count)
 *   GET /characters/{id}/skills/              esi-skills.read_skills.v1
 *   GET /characters/{id}/wallet/journal/      esi-wallet.read_character_wallet.v1 (X-Pages, 2 500 a page)
 *   GET /characters/{id}/wallet/transactions/ esi-wallet.read_character_wallet.v1
 *   GET /characters/{id}/assets/              esi-assets.read_assets.v1 (X-Pages, 1 000 a page)
 * Authenticated routes check the Bearer token like ESI: signed by the (fake) SSO, not expired,
 * issued for this very character and carrying the route's scope.
 */
import { FAKE_ALLIANCES, FAKE_CORPORATIONS, DEFAULT_SSO_CHARACTERS, unreadCount, type FakeSsoCharacter } from './sso-characters';
import type { FakeRoute, RouteContext, RouteResult } from './server';
import type { FakeSso } from './sso';
import {
  defaultAssets,
  defaultCorporationHistory,
  defaultJournal,
  defaultSkills,
  defaultTransactions,
} from './character-check-data';

/** ESI's cache lifetimes for these routes (seconds). */
export const CHARACTER_CACHE_SECONDS = {
  public: 3600,
  history: 86_400,
  corporation: 3600,
  location: 5,
  wallet: 120,
  mail: 30,
  labels: 30,
  skills: 120,
  journal: 3600,
  transactions: 3600,
  assets: 3600,
} as const;

/** ESI's page sizes of the paged character routes. */
export const CHARACTER_PAGE_SIZE = { journal: 2500, assets: 1000 } as const;

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

export function cached(ctx: RouteContext, source: CharacterRoutesSource, seconds: number, body: unknown): RouteResult {
  const s = source.cacheSeconds() ?? seconds;
  return { body, expires: new Date(ctx.nowMs + s * 1000), lastModified: new Date(Math.floor(ctx.nowMs / 1000) * 1000) };
}

/** The character the path names, after checking the Bearer token for it and `scope`. */
export async function authorized(
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

/** One X-Pages page of `rows` (ESI answers 404 past the last page). */
function paged(ctx: RouteContext, source: CharacterRoutesSource, seconds: number, rows: unknown[], size: number): RouteResult {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const page = Number(ctx.query.get('page') ?? '1');
  if (!Number.isInteger(page) || page < 1) return error(400, 'Invalid page');
  if (page > pages) return error(404, 'Requested page does not exist');
  return { ...cached(ctx, source, seconds, rows.slice((page - 1) * size, page * size)), pages };
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
  const authedPaged =
    (scope: string, seconds: number, size: number, rows: (c: FakeSsoCharacter) => unknown[]) =>
    async (ctx: RouteContext): Promise<RouteResult> => {
      const r = await authorized(ctx, source, scope);
      if ('fail' in r) return r.fail;
      return paged(ctx, source, seconds, rows(r.character), size);
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
        const history = c.check?.corporationHistory ?? defaultCorporationHistory(c);
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
      name: 'alliances.public',
      method: 'GET',
      pattern: /^\/alliances\/(\d+)$/,
      handle: (ctx) => {
        const alliance = FAKE_ALLIANCES.find((a) => a.id === Number(ctx.params[0]));
        if (!alliance) return error(404, 'Alliance not found');
        return cached(ctx, source, CHARACTER_CACHE_SECONDS.corporation, {
          creator_corporation_id: alliance.executorCorporationId,
          creator_id: 2112000003,
          date_founded: '2015-06-01T00:00:00Z',
          executor_corporation_id: alliance.executorCorporationId,
          name: alliance.name,
          ticker: alliance.ticker,
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
    {
      name: 'characters.skills',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/skills$/,
      handle: authed('esi-skills.read_skills.v1', CHARACTER_CACHE_SECONDS.skills, (c) => {
        const skills = c.check?.skills ?? defaultSkills(c);
        return {
          skills,
          total_sp: skills.reduce((sum, s) => sum + s.skillpoints_in_skill, 0),
          unallocated_sp: c.check?.unallocatedSp ?? 0,
        };
      }),
    },
    {
      name: 'characters.wallet.journal',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/wallet\/journal$/,
      handle: authedPaged(
        'esi-wallet.read_character_wallet.v1',
        CHARACTER_CACHE_SECONDS.journal,
        CHARACTER_PAGE_SIZE.journal,
        (c) => c.check?.walletJournal ?? defaultJournal(c),
      ),
    },
    {
      name: 'characters.wallet.transactions',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/wallet\/transactions$/,
      handle: authed(
        'esi-wallet.read_character_wallet.v1',
        CHARACTER_CACHE_SECONDS.transactions,
        (c) => c.check?.walletTransactions ?? defaultTransactions(c),
      ),
    },
    {
      name: 'characters.assets',
      method: 'GET',
      pattern: /^\/characters\/(\d+)\/assets$/,
      handle: authedPaged(
        'esi-assets.read_assets.v1',
        CHARACTER_CACHE_SECONDS.assets,
        CHARACTER_PAGE_SIZE.assets,
        (c) => c.check?.assets ?? defaultAssets(c),
      ),
    },
  ];
}
