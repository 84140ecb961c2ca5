import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  MESSAGES,
  adminListQuerySchema,
  adminUserUpdateSchema,
  bannedCharacterSaveSchema,
  characterCheckSchema,
  characterFlagsAckSchema,
  characterFlagsQuerySchema,
  corporationSaveSchema,
  marketCategorySaveSchema,
  marketItemSaveSchema,
  roleRequestDecisionSchema,
  type AdminCharacterResponse,
  type AdminCharactersResponse,
  type AdminCorporationsResponse,
  type AdminListQuery,
  type AdminMainStats,
  type AdminMarketCategoriesResponse,
  type AdminMarketItemsResponse,
  type AdminRoleRequestsResponse,
  type AdminUserResponse,
  type AdminUsersResponse,
  type AdminUserUpdate,
  type BannedCharacterSave,
  type BannedCharactersResponse,
  type CharacterCheckResult,
  type CharacterChecksRunResponse,
  type CharacterFlagsAck,
  type CharacterFlagsAckResponse,
  type CharacterFlagsQuery,
  type CharacterFlagsResponse,
  type CharacterHistoryResponse,
  type CorporationSave,
  type KillSessionsResponse,
  type MarketCategorySave,
  type MarketItemSave,
  type RoleRequestDecisionResponse,
  type UpdateLibsResponse,
} from '@eve-toolkit/shared-types';
import type { z } from 'zod';
import { CurrentUser, Roles } from '../common/auth/auth.decorators';
import { ChangesState } from '../common/auth/csrf';
import type { SessionUser } from '../common/auth/session-user';
import { ZodPipe } from '../common/validation/zod.pipe';
import { CorporationsService } from '../corporations/corporations.service';
import { toAdminRoleRequest } from '../role-requests/role-requests.mapper';
import { RoleRequestsService } from '../role-requests/role-requests.service';
import { AdminCharactersService } from './admin-characters.service';
import { AdminMarketService } from './admin-market.service';
import { AdminSessionsService } from './admin-sessions.service';
import { AdminUsersService } from './admin-users.service';
import { CharacterCheckService } from './character-check.service';
import { CharacterChecksSchedule } from './character-checks.schedule';
import { CharacterFlagsService } from './character-flags.service';
import { toAdminCorporation } from './admin.mapper';
import { UpdateLibsService } from './update-libs.service';
import { characterIdParam } from './admin.params';

const list = new ZodPipe(adminListQuerySchema);

/**
 * The admin area (spec §2 "Admin screens", §7 "Admin"). Admin-only: 401 for guests, 403 for
 * every other role (each route is a row of the authorization matrix).
 */
@Controller('api/admin')
@Roles('admin')
export class AdminController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly chars: AdminCharactersService,
    private readonly check: CharacterCheckService,
    private readonly flags: CharacterFlagsService,
    private readonly checks: CharacterChecksSchedule,
    private readonly market: AdminMarketService,
    private readonly sessions: AdminSessionsService,
    private readonly updateLibs: UpdateLibsService,
    private readonly corporations: CorporationsService,
    private readonly roleRequests: RoleRequestsService,
  ) {}

  // --- Main and users ---

  @Get('stats/main')
  main(): Promise<AdminMainStats> {
    return this.users.main();
  }

  @Get('stats/users')
  userList(@Query(list) q: AdminListQuery): Promise<AdminUsersResponse> {
    return this.users.list(q);
  }

  @Get('stats/users/:id')
  async user(@Param('id') id: string): Promise<AdminUserResponse> {
    return { user: await this.users.get(id) };
  }

  @Post('stats/users/:id')
  @HttpCode(200)
  async updateUser(
    @Param('id') id: string,
    @Body(new ZodPipe(adminUserUpdateSchema)) body: AdminUserUpdate,
    @CurrentUser() admin: SessionUser,
  ): Promise<AdminUserResponse> {
    return { user: await this.users.update(id, body, admin) };
  }

  // --- Characters ---

  @Get('stats_chars')
  charList(@Query(list) q: AdminListQuery): Promise<AdminCharactersResponse> {
    return this.chars.list(q);
  }

  @Get('stats_chars/:id')
  async char(@Param('id', characterIdParam) id: number): Promise<AdminCharacterResponse> {
    return { char: await this.chars.get(id) };
  }

  @Post('stats_chars/:id')
  @HttpCode(200)
  checkChar(
    @Param('id', characterIdParam) id: number,
    @Body(new ZodPipe(characterCheckSchema)) body: z.infer<typeof characterCheckSchema>,
  ): Promise<CharacterCheckResult> {
    return this.check.check(id, body.code);
  }

  /** The character's snapshots from the scheduled checks and its flags. */
  @Get('stats_chars/:id/history')
  charHistory(@Param('id', characterIdParam) id: number): Promise<CharacterHistoryResponse> {
    return this.flags.history(id);
  }

  // --- Scheduled character checks: what changed ---

  @Get('char_flags')
  charFlags(@Query(new ZodPipe(characterFlagsQuerySchema)) q: CharacterFlagsQuery): Promise<CharacterFlagsResponse> {
    return this.flags.list(q);
  }

  @Post('char_flags/ack')
  @HttpCode(200)
  ackCharFlags(
    @Body(new ZodPipe(characterFlagsAckSchema)) body: CharacterFlagsAck,
    @CurrentUser() admin: SessionUser,
  ): Promise<CharacterFlagsAckResponse> {
    return this.flags.acknowledge(body.ids, admin.username);
  }

  /** Starts a run of the scheduled checks now (409 while one is unfinished); `?dry_run=1` only asks. */
  @Post('char_checks/run')
  @HttpCode(200)
  runCharChecks(@Query('dry_run') dryRun?: string): Promise<CharacterChecksRunResponse> {
    return this.checks.runNow(dryRun === '1');
  }

  // --- Role requests ---

  @Get('stats/role_requests')
  async roleRequestList(): Promise<AdminRoleRequestsResponse> {
    return { requests: (await this.roleRequests.pending()).map(toAdminRoleRequest) };
  }

  @Post('stats/role_requests')
  @HttpCode(200)
  async decide(
    @Body(new ZodPipe(roleRequestDecisionSchema)) body: z.infer<typeof roleRequestDecisionSchema>,
    @CurrentUser() admin: SessionUser,
  ): Promise<RoleRequestDecisionResponse> {
    const doc = await this.roleRequests.decide(body.req_id, body.type, admin);
    return { ok: true, id: String(doc._id), status: doc.status };
  }

  // --- Corporations and banned characters ---

  @Get('corps')
  async corpList(): Promise<AdminCorporationsResponse> {
    try {
      return { corps: (await this.corporations.list()).map(toAdminCorporation) };
    } catch {
      return { corps: [], error: MESSAGES.notWorking };
    }
  }

  @Post('corps')
  @HttpCode(200)
  async saveCorp(@Body(new ZodPipe(corporationSaveSchema)) body: CorporationSave): Promise<AdminCorporationsResponse> {
    if (body.type === 'new') await this.corporations.create({ id: body.id, name: body.name, corp_type: body.corp_type });
    else if (body.type === 'type') await this.corporations.setType(body.id, body.corp_type);
    else await this.corporations.remove(body.id);
    return this.corpList();
  }

  @Get('ban_chars')
  async bannedList(): Promise<BannedCharactersResponse> {
    try {
      return { banned_chars: await this.chars.bannedList() };
    } catch {
      return { banned_chars: [], error: MESSAGES.notWorking };
    }
  }

  @Post('ban_chars')
  @HttpCode(200)
  async saveBanned(@Body(new ZodPipe(bannedCharacterSaveSchema)) body: BannedCharacterSave): Promise<BannedCharactersResponse> {
    await this.chars.saveBanned(body);
    return this.bannedList();
  }

  // --- Market categories and items ---

  @Get('stats/market_categories')
  marketCategories(): Promise<AdminMarketCategoriesResponse> {
    return this.market.listCategories();
  }

  @Get('stats/market_items')
  marketItems(@Query(list) q: AdminListQuery): Promise<AdminMarketItemsResponse> {
    return this.market.listItems(q);
  }

  @Post('market_categories')
  @HttpCode(200)
  saveCategory(@Body(new ZodPipe(marketCategorySaveSchema)) body: MarketCategorySave): Promise<AdminMarketCategoriesResponse> {
    return this.market.saveCategory(body);
  }

  @Post('market_items')
  @HttpCode(200)
  saveItem(@Body(new ZodPipe(marketItemSaveSchema)) body: MarketItemSave): Promise<AdminMarketCategoriesResponse> {
    return this.market.saveItem(body);
  }

  // --- Sessions and the game-data update ---

  /** `?dry_run=1` only counts the sessions it would end. */
  @Get('kill')
  @ChangesState()
  kill(@Req() req: Request, @Query('dry_run') dryRun?: string): Promise<KillSessionsResponse> {
    return dryRun === '1' ? this.sessions.countAllBut(req.sessionID) : this.sessions.killAllBut(req.sessionID);
  }

  /** Starts the job (409 while one runs); `?dry_run=1` only tells the current job, like update_libs/status. */
  @Get('update_libs')
  @ChangesState()
  async startUpdateLibs(@CurrentUser() admin: SessionUser, @Query('dry_run') dryRun?: string): Promise<UpdateLibsResponse> {
    return { job: dryRun === '1' ? await this.updateLibs.current() : await this.updateLibs.start(admin.username) };
  }

  @Get('update_libs/status')
  async updateLibsStatus(): Promise<UpdateLibsResponse> {
    return { job: await this.updateLibs.current() };
  }
}
