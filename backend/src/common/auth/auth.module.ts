import { DynamicModule, Module, type Type } from '@nestjs/common';
import { AuthGuard } from './auth.guard';
import { SessionResolver } from './session-resolver.service';
import { SessionStore } from './session-store';

/**
 * Sessions to users for every module (global): SessionResolver, the AuthGuard behind
 * @Authenticated / @Roles, and SessionStore. `users` is the module that provides SessionUsers
 * (accounts); the app root passes it in, so common/ imports no feature.
 */
@Module({})
export class AuthModule {
  static forRoot(users: Type<unknown>): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      imports: [users],
      providers: [SessionResolver, AuthGuard, SessionStore],
      exports: [SessionResolver, AuthGuard, SessionStore],
    };
  }
}
