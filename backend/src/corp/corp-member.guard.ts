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
import { SessionResolver } from '../common/auth/session-resolver.service';
import { CorpAccess, type CorpMember, type CorpPermission } from './corp-access';

const PERMISSION_KEY = 'corpPermission';

type WithMember = Request & { corpMember?: CorpMember };

/**
 * Decides access to the corporation area before anything else runs (before validation): the
 * caller as a member (CorpAccess, 401/403 in Russian), then the handler's permission. Services
 * trust the member it resolved and do not check again.
 */
@Injectable()
export class CorpMemberGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionResolver,
    private readonly access: CorpAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<WithMember>();
    const member = await this.access.require(await this.sessions.resolve(req));
    const permission = this.reflector.get<CorpPermission | undefined>(PERMISSION_KEY, context.getHandler());
    if (permission) this.access.requirePermission(member, permission);
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
