import { Injectable } from '@nestjs/common';
import { ADMIN_MESSAGES, type CharacterCheckResult, type CharacterSnapshot, type CheckCode } from '@eve-toolkit/shared-types';
import { CharacterRoster } from '../characters/character-roster.service';
import { CharacterNeedsRelinkError, CharacterTokens } from '../characters/character-tokens.service';
import { apiError } from '../common/errors/api-error';
import { EsiClient } from '../esi/esi.client';
import { EsiError } from '../esi/esi.errors';
import {
  bannedTransactions,
  corpHistory,
  mailSenders,
  skillsVerdict,
  walletVerdict,
  warningAssets,
  type EsiAssetRow,
  type EsiHistoryRow,
  type EsiJournalRow,
  type EsiMailHeader,
  type EsiSkillsAnswer,
  type EsiTransactionRow,
} from './domain/character-check';
import { toSnapshot, type PublicCharacter } from './domain/character-changes';

type Section = keyof CharacterCheckResult;

const EMPTY: CharacterCheckResult = {
  corps: { error: null, history: [] },
  mail: { error: null, mails_len: 0, mails_from: [] },
  skills: { error: null, total_sp: 0, skills_low: false, warning_skills: [] },
  wallet: { error: null, balance: null, journal_len: 0, low_transactions: false, got_transaction: [], assets_low: false },
  assets: { error: null, warning_assets: [] },
};

/** At most this many distinct unknown names are looked up through ESI per check. */
const NAME_LOOKUPS = 20;

/**
 * The admin's character check (spec §3 Character check result): corporation history (public),
 * mail, skills, wallet and assets read through ESI with the character's own token. Each section
 * is read on its own: a failing ESI call fills that section's `error` (Russian) and the others
 * still show. Rules and thresholds: domain/character-check.ts and CHECK_RULES. The character's
 * own data is revalidated with ESI (If-None-Match) even while our cached copy is fresh: a check
 * asked for now reads what ESI has now (names of corporations and characters may come from the cache).
 */
@Injectable()
export class CharacterCheckService {
  constructor(
    private readonly esi: EsiClient,
    private readonly tokens: CharacterTokens,
    private readonly characters: CharacterRoster,
  ) {}

  async check(characterId: number, code: CheckCode): Promise<CharacterCheckResult> {
    if (!(await this.characters.get(characterId))) throw apiError(404, ADMIN_MESSAGES.charNotFound);
    const banned = await this.characters.bannedList();
    const bannedIds = new Set(banned.map((b) => b._id));
    const names = new Map(banned.map((b) => [b._id, b.name]));
    const ctx: CheckContext = { characterId, bannedIds, names, token: null };

    const wanted = (s: Section) => code === 'all' || code === s;
    const run = async <S extends Section>(s: S, read: () => Promise<Omit<CharacterCheckResult[S], 'error'>>) => {
      if (!wanted(s)) return { ...EMPTY[s], error: ADMIN_MESSAGES.sectionNotRequested } as CharacterCheckResult[S];
      try {
        return { ...(await read()), error: null } as CharacterCheckResult[S];
      } catch (err) {
        return { ...EMPTY[s], error: this.describe(err) } as CharacterCheckResult[S];
      }
    };

    const [corps, mail, skills, wallet, assets] = await Promise.all([
      run('corps', () => this.corps(ctx)),
      run('mail', () => this.mail(ctx)),
      run('skills', () => this.skills(ctx)),
      run('wallet', () => this.wallet(ctx)),
      run('assets', () => this.assets(ctx)),
    ]);
    return { corps, mail, skills, wallet, assets };
  }

  /**
   * The scheduled checks' view of a character (domain/character-changes.ts): the whole check plus
   * ESI's public character info (corporation, alliance, security status). Null when the
   * character is no longer linked.
   */
  async snapshot(characterId: number): Promise<CharacterSnapshot | null> {
    if (!(await this.characters.get(characterId))) return null;
    const [check, pub] = await Promise.all([
      this.check(characterId, 'all'),
      this.publicInfo(characterId).then(
        (value) => ({ value, error: null }),
        (err: unknown) => ({ value: null, error: this.describe(err) }),
      ),
    ]);
    // The check may have found the token refused (CharacterTokens marks the character).
    const after = await this.characters.get(characterId);
    if (!after) return null;
    return toSnapshot({ check, public: pub.value, publicError: pub.error, needsRelink: after.needs_relink });
  }

  private async publicInfo(characterId: number): Promise<PublicCharacter> {
    const info = (
      await this.esi.get<{ corporation_id: number; alliance_id?: number; security_status?: number }>(
        `/characters/${characterId}/`,
        { revalidate: true },
      )
    ).data;
    const name = async (path: string) => {
      try {
        return (await this.esi.get<{ name: string }>(path)).data.name;
      } catch {
        return null; // a closed corporation or alliance keeps its id
      }
    };
    const [corporationName, allianceName] = await Promise.all([
      name(`/corporations/${info.corporation_id}/`),
      info.alliance_id ? name(`/alliances/${info.alliance_id}/`) : null,
    ]);
    return {
      corporation: { id: info.corporation_id, name: corporationName },
      alliance: info.alliance_id ? { id: info.alliance_id, name: allianceName } : null,
      security_status: Math.round((info.security_status ?? 0) * 100) / 100,
    };
  }

  private describe(err: unknown): string {
    if (err instanceof CharacterNeedsRelinkError) return ADMIN_MESSAGES.needsRelink;
    if (err instanceof EsiError) return `Не удалось прочитать ESI: ${err.message}`;
    return `Не удалось выполнить проверку: ${err instanceof Error ? err.message : String(err)}`;
  }

  private token(ctx: CheckContext): Promise<string> {
    ctx.token ??= this.tokens.accessToken(ctx.characterId);
    return ctx.token;
  }

  private async corps(ctx: CheckContext) {
    const rows = (await this.esi.get<EsiHistoryRow[]>(`/characters/${ctx.characterId}/corporationhistory/`, { revalidate: true }))
      .data;
    const names = new Map<number, string>();
    await Promise.all(
      [...new Set(rows.map((r) => r.corporation_id))].slice(0, NAME_LOOKUPS).map(async (id) => {
        try {
          names.set(id, (await this.esi.get<{ name: string }>(`/corporations/${id}/`)).data.name);
        } catch {
          /* an unknown (closed) corporation keeps no name */
        }
      }),
    );
    return { history: corpHistory(rows, names, new Date()) };
  }

  private async mail(ctx: CheckContext) {
    const accessToken = await this.token(ctx);
    const mails = (await this.esi.get<EsiMailHeader[]>(`/characters/${ctx.characterId}/mail/`, { accessToken, revalidate: true }))
      .data;
    const senders = [...new Set(mails.map((m) => m.from))];
    await this.resolveNames(ctx, senders);
    return { mails_len: mails.length, mails_from: mailSenders(mails, ctx.bannedIds, ctx.names) };
  }

  private async skills(ctx: CheckContext) {
    const accessToken = await this.token(ctx);
    const answer = (
      await this.esi.get<EsiSkillsAnswer>(`/characters/${ctx.characterId}/skills/`, { accessToken, revalidate: true })
    ).data;
    return skillsVerdict(answer);
  }

  private async wallet(ctx: CheckContext) {
    const accessToken = await this.token(ctx);
    const journal: EsiJournalRow[] = [];
    const [balance, transactions] = await Promise.all([
      this.esi.get<number>(`/characters/${ctx.characterId}/wallet/`, { accessToken, revalidate: true }).then((r) => r.data),
      this.esi
        .get<EsiTransactionRow[]>(`/characters/${ctx.characterId}/wallet/transactions/`, { accessToken, revalidate: true })
        .then((r) => r.data),
      this.esi.forEachPage<EsiJournalRow>(`/characters/${ctx.characterId}/wallet/journal/`, {
        accessToken,
        revalidate: true,
        onPage: (rows) => void journal.push(...rows),
        onRestart: () => void journal.splice(0),
      }),
    ]);
    return {
      balance,
      journal_len: journal.length,
      ...walletVerdict(balance, journal.length),
      got_transaction: bannedTransactions(ctx.characterId, journal, transactions, ctx.bannedIds, ctx.names),
    };
  }

  private async assets(ctx: CheckContext) {
    const accessToken = await this.token(ctx);
    const rows: EsiAssetRow[] = [];
    await this.esi.forEachPage<EsiAssetRow>(`/characters/${ctx.characterId}/assets/`, {
      accessToken,
      revalidate: true,
      onPage: (page) => void rows.push(...page),
      onRestart: () => void rows.splice(0),
    });
    return { warning_assets: warningAssets(rows) };
  }

  /** Names of characters: the ban list, our linked characters, then ESI's public info (a few). */
  private async resolveNames(ctx: CheckContext, ids: readonly number[]): Promise<void> {
    const missing = ids.filter((id) => !ctx.names.has(id));
    if (missing.length === 0) return;
    for (const [id, name] of await this.characters.names(missing)) ctx.names.set(id, name);
    await Promise.all(
      missing
        .filter((id) => !ctx.names.has(id))
        .slice(0, NAME_LOOKUPS)
        .map(async (id) => {
          try {
            ctx.names.set(id, (await this.esi.get<{ name: string }>(`/characters/${id}/`)).data.name);
          } catch {
            /* unknown (NPC or deleted): shown by id */
          }
        }),
    );
  }
}

interface CheckContext {
  characterId: number;
  bannedIds: Set<number>;
  names: Map<number, string>;
  token: Promise<string> | null;
}
