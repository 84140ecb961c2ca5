import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import type { Request } from 'express';
import type { Model } from 'mongoose';
import {
  AUTH_MESSAGES,
  type LoginRequest,
  type LoginResponse,
  type RegistrationRequest,
  type SessionResponse,
  type UserProfileResponse,
  ROLES_DISPLAY_ORDER,
} from '@eve-toolkit/shared-types';
import { hasRole } from '../common/access/access';
import { apiError } from '../common/errors/api-error';
import { sessionResponse, type SessionUser } from '../common/auth/session-user';
import { SessionStore } from '../common/auth/session-store';
import { CaptchaService } from '../captcha/captcha.service';
import { CharactersService } from '../characters/characters.service';
import { ACCOUNT_EVENTS, type AccountDeletedEvent } from '../common/auth/account.events';
import { hashPassword, verifyPassword } from './domain/password';
import { usernameKeys, usernameSkeleton } from './domain/username';
import { USER_MODEL, type UserDoc } from './user.schema';
import { isDuplicateKey } from '../common/database/duplicate-key';

/** Regenerates the session id (no fixation) and keeps nothing of the old session. */
function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}
function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}
function destroy(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
}

@Injectable()
export class AccountsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Accounts');
  /** Unknown usernames are checked against this, so both failures take about as long. */
  private readonly dummyHash = hashPassword('не пароль ни одного пользователя');

  constructor(
    @InjectModel(USER_MODEL) private readonly users: Model<UserDoc>,
    private readonly sessions: SessionStore,
    private readonly captcha: CaptchaService,
    private readonly events: EventEmitter2,
    private readonly characters: CharactersService,
  ) {}

  /** Accounts from before look-alike names were refused get their skeleton first. */
  async onApplicationBootstrap(): Promise<void> {
    await this.backfillSkeletons();
  }

  /**
   * Stores the skeleton of every account that has none yet, oldest first: an account whose name
   * looks like an older one's keeps its name without a skeleton (null) and is logged for the
   * admins; the older one holds the skeleton, so no new look-alike of either can register.
   */
  async backfillSkeletons(): Promise<number> {
    let done = 0;
    const missing = this.users
      .find({ username_skeleton: { $exists: false } }, { username: 1 })
      .sort({ created_at: 1, _id: 1 })
      .lean<Pick<UserDoc, '_id' | 'username'>[]>()
      .cursor();
    for await (const user of missing) {
      try {
        await this.users.updateOne({ _id: user._id }, { $set: { username_skeleton: usernameSkeleton(user.username) } });
        done += 1;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        await this.users.updateOne({ _id: user._id }, { $set: { username_skeleton: null } });
        this.logger.warn(`Ник «${user.username}» похож на ник более старого аккаунта: новых похожих ников не будет`);
      }
    }
    return done;
  }

  session(user: SessionUser | null): SessionResponse {
    return sessionResponse(user);
  }

  /** Public part for signed-in users; characters for the owner and admins. */
  async profile(viewer: SessionUser, name: string): Promise<UserProfileResponse> {
    const user = await this.users
      .findOne({ username_lower: name.toLowerCase(), is_active: true }, { username: 1, roles: 1 })
      .lean<Pick<UserDoc, '_id' | 'username' | 'roles'>>();
    if (!user) throw apiError(404, 'Пользователь не найден');
    const isSelf = String(user._id) === viewer.id;
    const roles = ROLES_DISPLAY_ORDER.filter((r) => user.roles.includes(r));
    const chars = isSelf || hasRole(viewer, 'admin') ? await this.characters.cardsFor(String(user._id)) : null;
    return { username: user.username, roles, chars, is_self: isSelf };
  }

  async register(req: Request, body: RegistrationRequest): Promise<{ ok: true }> {
    await this.captcha.consume(req.sessionID, body.captcha_id);
    // eslint-disable-next-line regexp/no-super-linear-backtracking -- quadratic at worst, on at most 254 characters (registrationSchema)
    const email = body.email && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email) ? body.email : null;
    try {
      await this.users.create({
        ...usernameKeys(body.username),
        email,
        password_hash: await hashPassword(body.password),
        roles: ['user'],
        is_active: true,
        created_at: new Date(),
      });
    } catch (err) {
      // The unique indexes decide, also between simultaneous registrations: the same name, or
      // one that looks like it (one skeleton).
      if (!isDuplicateKey(err)) throw err;
      const same = await this.users.exists({ username_lower: body.username.toLowerCase() });
      throw apiError(409, same ? AUTH_MESSAGES.userExists : AUTH_MESSAGES.loginLookAlike);
    }
    return { ok: true };
  }

  async login(req: Request, body: LoginRequest): Promise<LoginResponse> {
    await this.captcha.consume(req.sessionID, body.captcha_id);
    const user = await this.users.findOne({ username_lower: body.username.toLowerCase(), is_active: true }).lean<UserDoc>();
    const ok = await verifyPassword(body.password, user?.password_hash ?? (await this.dummyHash));
    if (!user || !ok) return { ok: false, msg: 'invalid' };
    await regenerate(req);
    req.session.userId = String(user._id);
    await save(req);
    await this.users.updateOne({ _id: user._id }, { $set: { last_active: new Date() } });
    return { ok: true };
  }

  async logout(req: Request): Promise<{ ok: true }> {
    const userId = req.session?.userId;
    if (req.session) await destroy(req);
    if (userId) this.events.emit(ACCOUNT_EVENTS.loggedOut, { userId });
    return { ok: true };
  }

  /** Deletes the account, every session of it, and (via account.deleted) what belongs only to it. */
  async delete(req: Request, user: SessionUser, captchaId: string): Promise<{ ok: true }> {
    await this.captcha.consume(req.sessionID, captchaId);
    await this.users.deleteOne({ _id: user.id });
    await this.sessions.endSessionsOf(user.id);
    const event: AccountDeletedEvent = { userId: user.id };
    await this.events.emitAsync(ACCOUNT_EVENTS.deleted, event);
    await destroy(req).catch(() => undefined);
    return { ok: true };
  }
}
