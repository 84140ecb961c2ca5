import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { CORP_MESSAGES, CORP_PERMISSIONS } from '@eve-toolkit/shared-types';
import { requirePermission } from '../common/access/access';
import { SessionResolver } from '../common/auth/session-resolver.service';
import { CorpMembership, type CorpMember } from './corp-membership.service';

export type CorpPermission = Exclude<keyof typeof CORP_PERMISSIONS, 'member'>;
const PERMISSION_KEY = 'corpPermission';

const PERMISSION_MESSAGE: Record<CorpPermission, string> = {
  createEvent: CORP_MESSAGES.cannotCreateEvent,
  createProject: CORP_MESSAGES.cannotCreateProject,
  moderate: CORP_MESSAGES.cannotModerate,
};

type WithMember = Request & { corpMember?: CorpMember };

/**
 * Decides access to the corporation area before anything else runs (before validation): the
 * caller's corporations from CorpMembership (401/403 in Russian), then the handler's permission.
 */
@Injectable()
export class CorpMemberGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionResolver,
    private readonly membership: CorpMembership,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<WithMember>();
    const member = await this.membership.require(await this.sessions.resolve(req));
    const permission = this.reflector.get<CorpPermission | undefined>(PERMISSION_KEY, context.getHandler());
    if (permission) requirePermission(member.user, CORP_PERMISSIONS[permission], PERMISSION_MESSAGE[permission]);
    req.corpMember = member;
    return true;
  }
}

/** A corporation-area handler: members only, and with `permission` when given. */
export const CorpArea = (permission?: CorpPermission) =>
  applyDecorators(SetMetadata(PERMISSION_KEY, permission), UseGuards(CorpMemberGuard));

/** The member CorpMemberGuard resolved (use with @CorpArea). */
export const Member = createParamDecorator((_: unknown, ctx: ExecutionContext): CorpMember => {
  const member = ctx.switchToHttp().getRequest<WithMember>().corpMember;
  if (!member) throw new Error('@Member() needs @CorpArea()');
  return member;
});
