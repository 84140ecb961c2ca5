import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Role } from '@eve-toolkit/shared-types';
import { requireRole, requireUser } from '../access/access';
import { AUTHENTICATED_KEY, ROLES_KEY } from './auth.keys';
import { SessionResolver } from './session-resolver.service';
import type { SessionUser } from './session-user';

/** Resolves the session's user and applies @Authenticated / @Roles through the access utility. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const needsUser = this.reflector.getAllAndOverride<boolean>(AUTHENTICATED_KEY, targets);
    const roles = this.reflector.getAllAndOverride<Role[]>(ROLES_KEY, targets);
    if (!needsUser && !roles?.length) return true;
    const req = context.switchToHttp().getRequest<Request & { user?: SessionUser }>();
    const user = requireUser(await this.sessions.resolve(req));
    if (roles?.length) requireRole(user, ...roles);
    req.user = user;
    return true;
  }
}
