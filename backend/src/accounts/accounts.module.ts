import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthGuard } from '../common/auth/auth.guard';
import { SessionResolver } from '../common/auth/session-resolver.service';
import { CaptchaService } from '../captcha/captcha.service';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { USER_MODEL, UserSchema } from './user.schema';

/**
 * Accounts, sessions, CSRF and the picture captcha. Global: every module can guard its handlers
 * with @Authenticated / @Roles (AuthGuard) and resolve sessions (SessionResolver).
 */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: USER_MODEL, schema: UserSchema }])],
  controllers: [AccountsController],
  providers: [AccountsService, CaptchaService, SessionResolver, AuthGuard],
  exports: [SessionResolver, AuthGuard, CaptchaService, MongooseModule],
})
export class AccountsModule {}
