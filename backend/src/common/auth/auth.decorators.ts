import { applyDecorators, createParamDecorator, SetMetadata, UseGuards, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@eve-toolkit/shared-types';
import { AuthGuard } from './auth.guard';
import type { SessionUser } from './session-user';

import { AUTHENTICATED_KEY, ROLES_KEY } from './auth.keys';

export { AUTHENTICATED_KEY, ROLES_KEY };

/** Only signed-in users (401 otherwise). */
export const Authenticated = () => applyDecorators(SetMetadata(AUTHENTICATED_KEY, true), UseGuards(AuthGuard));

/** Only users holding one of these roles (401 for guests, 403 for others). */
export const Roles = (...roles: Role[]) =>
  applyDecorators(SetMetadata(AUTHENTICATED_KEY, true), SetMetadata(ROLES_KEY, roles), UseGuards(AuthGuard));

/** The signed-in user resolved by AuthGuard (use with @Authenticated or @Roles). */
export const CurrentUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): SessionUser => ctx.switchToHttp().getRequest<{ user: SessionUser }>().user,
);
