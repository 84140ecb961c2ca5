import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SessionUsers } from '../common/auth/session-users';
import { CaptchaModule } from '../captcha/captcha.module';
import { CharactersModule } from '../characters/characters.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { USER_MODEL, UserSchema } from './user.schema';
import { UsersService } from './users.service';
import { AccountsSocketEvents } from './accounts.socket-events';

/**
 * Accounts (registration, login, profile, deletion) and the owner of `users`: other modules
 * import this module and call UsersService (roles, the active switch, names). It provides
 * SessionUsers to the session layer (common/auth, wired by the app root).
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: USER_MODEL, schema: UserSchema }]), CaptchaModule, CharactersModule],
  controllers: [AccountsController],
  providers: [AccountsSocketEvents, AccountsService, UsersService, { provide: SessionUsers, useExisting: UsersService }],
  exports: [UsersService, SessionUsers],
})
export class AccountsModule {}
