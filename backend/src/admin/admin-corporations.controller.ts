import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  MESSAGES,
  bannedCharacterSaveSchema,
  corporationSaveSchema,
  type AdminCorporationsResponse,
  type BannedCharacterSave,
  type BannedCharactersResponse,
  type CorporationSave,
} from '@eve-toolkit/shared-types';
import { Roles } from '../common/auth/auth.decorators';
import { ZodPipe } from '../common/validation/zod.pipe';
import { CorporationsService } from '../corporations/corporations.service';
import { AdminCharactersService } from './admin-characters.service';
import { toAdminCorporation } from './admin.mapper';

/** Admin: who may enter: registered corporations and banned characters. Admin-only (rows of the authorization matrix). */
@Controller('api/admin')
@Roles('admin')
export class AdminCorporationsController {
  constructor(
    private readonly corporations: CorporationsService,
    private readonly chars: AdminCharactersService,
  ) {}

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
}
