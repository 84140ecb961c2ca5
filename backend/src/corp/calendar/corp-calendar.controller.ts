import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CalendarLinkResponse, CalendarLinkState } from '@eve-toolkit/shared-types';
import { Authenticated } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import type { CorpMember } from '../corp-access';
import { CorpArea, Member } from '../corp-member.guard';
import { CorpCalendarService } from './corp-calendar.service';

/** A member's personal calendar link (take, see, revoke). */
@Controller('auth/corp')
@Authenticated()
export class CorpCalendarController {
  constructor(private readonly calendar: CorpCalendarService) {}

  @Get('calendar')
  @CorpArea()
  state(@Member() member: CorpMember): Promise<CalendarLinkState> {
    return this.calendar.state(member);
  }

  @Post('calendar_link')
  @CorpArea()
  @HttpCode(200)
  take(@Member() member: CorpMember): Promise<CalendarLinkResponse> {
    return this.calendar.take(member);
  }

  @Post('revoke_calendar')
  @CorpArea()
  @HttpCode(200)
  revoke(@Member() member: CorpMember): Promise<CalendarLinkState> {
    return this.calendar.revoke(member);
  }
}

/**
 * The feed calendar apps read (no session: the secret token in the path is the key), with its
 * own request budget per client address.
 */
@Controller('api/calendar')
export class CalendarFeedController {
  constructor(private readonly calendar: CorpCalendarService) {}

  @Get(':file')
  @RateLimit('calendar')
  async feed(@Param('file') file: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const text = await this.calendar.feed(file);
    // Set only on success: a refusal is the API's JSON error.
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Cache-Control', 'private, max-age=300');
    return text;
  }
}
