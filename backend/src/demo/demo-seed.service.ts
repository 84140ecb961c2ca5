import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CORP_TYPES, SSO_SCOPES } from '@eve-toolkit/shared-types';
import { hashPassword } from '../accounts/domain/password';
import { UsersService } from '../accounts/users.service';
import { CharactersService } from '../characters/characters.service';
import { authorizeUrl } from '../characters/domain/sso';
import { SsoClient } from '../characters/sso.client';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { DEMO_ACCOUNTS, demoRoles } from './demo-accounts';
import { CorporationsService } from '../corporations/corporations.service';
import { DEMO_CHARACTER_BY_ROLE, DEMO_CORPORATION } from './demo-seed';

/**
 * Demo mode only (not under tests): creates the demo accounts, and, when the local EVE SSO
 * stand-in runs, links each account's character through it. Idempotent across restarts:
 * existing accounts are kept, a character is linked only when it is free (or its demo link
 * went stale), never taken from whoever linked it since.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Demo');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly characters: CharactersService,
    private readonly sso: SsoClient,
    private readonly corporations: CorporationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demo || this.config.nodeEnv === 'test') return;
    await this.seed();
  }

  async seed(): Promise<number> {
    let created = 0;
    for (const a of DEMO_ACCOUNTS) {
      const fresh = await this.users.createIfAbsent({
        username: a.username,
        email: null,
        password_hash: await hashPassword(a.password),
        roles: demoRoles(a.role),
      });
      if (fresh) created += 1;
    }
    await this.registerDemoCorporation();
    this.logger.log(
      `Демо-аккаунты (логин / пароль): ${DEMO_ACCOUNTS.map((a) => `${a.username} / ${a.password}`).join(', ')}${created ? ` — создано ${created}` : ''}`,
    );
    return created;
  }

  /** The demo corporation, registered once as 'Основа' so the demo accounts can open the corporation area. */
  async registerDemoCorporation(): Promise<void> {
    if (await this.corporations.get(DEMO_CORPORATION.id)) return;
    try {
      await this.corporations.create({ id: DEMO_CORPORATION.id, name: DEMO_CORPORATION.name, corp_type: CORP_TYPES.main });
    } catch (err) {
      if ((err as { status?: number }).status !== 409) throw err; // another instance registered it first
    }
  }

  /**
   * Links each demo account's character through the local SSO stand-in, the way a player would
   * (authorize as that pilot, exchange the code with PKCE, verify the JWT, link). Only for the
   * local stand-in (bootstrap calls this when it started one): the real SSO needs a person.
   * Returns how many characters were linked now.
   */
  async seedCharacters(): Promise<number> {
    if (!this.config.demo) return 0;
    const sso = this.sso.settings();
    let linked = 0;
    for (const account of DEMO_ACCOUNTS) {
      const characterId = DEMO_CHARACTER_BY_ROLE[account.role];
      const userId = await this.users.idOf(account.username);
      if (!userId) continue;
      const link = await this.characters.linkOf(characterId);
      if (link && (link.userId !== userId || !link.needsRelink)) continue;
      try {
        const verifier = randomBytes(32).toString('base64url');
        const authorize = new URL(
          authorizeUrl({
            ssoBase: sso.base,
            clientId: sso.clientId,
            callbackUrl: `${sso.base}/demo-seed`,
            scopes: SSO_SCOPES,
            state: randomBytes(12).toString('base64url'),
            verifier,
          }),
        );
        authorize.searchParams.set('character_id', String(characterId)); // the stand-in's "log in as"
        const res = await fetch(authorize, { redirect: 'manual', signal: AbortSignal.timeout(15_000) });
        const code = new URL(res.headers.get('location') ?? '', sso.base).searchParams.get('code');
        if (res.status !== 302 || !code) throw new Error(`SSO ответил ${res.status} без кода`);
        await this.characters.link(userId, await this.sso.exchangeCode(code, verifier));
        linked += 1;
      } catch (err) {
        this.logger.warn(`Не удалось привязать персонажа ${characterId} к ${account.username}: ${String(err)}`);
      }
    }
    this.logger.log(
      `Демо-корпорация ${DEMO_CORPORATION.name} [${DEMO_CORPORATION.ticker}] (${DEMO_CORPORATION.id}); персонажи демо-аккаунтов через локальный SSO${linked ? `: привязано ${linked}` : ' уже привязаны'}`,
    );
    return linked;
  }
}
