import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Types, type Model } from 'mongoose';
import { ROLE_REQUEST_MESSAGES, ROLES, type Role, type RoleRequestDecision } from '@eve-toolkit/shared-types';
import { UsersService } from '../accounts/users.service';
import type { SessionUser } from '../common/auth/session-user';
import { apiError } from '../common/errors/api-error';
import { ROLE_REQUEST_MODEL, type RoleRequestDoc } from './role-request.schema';
import { ROLE_REQUEST_EVENTS, type RoleRequestCreatedEvent, type RoleRequestDecidedEvent } from './role-requests.events';
import { uniqueOr409 } from '../common/database/duplicate-key';

/**
 * Role requests: any signed-in user asks for a role, an admin grants or refuses it. A request is
 * decided by one conditional update (pending -> granted/refused), so two admins deciding at once
 * decide it once; the loser gets 409. Granting is UsersService.grantRole: the role is in the user
 * document, which SessionResolver reads on every request, so the requester's session has it at once.
 */
@Injectable()
export class RoleRequestsService {
  constructor(
    @InjectModel(ROLE_REQUEST_MODEL) private readonly requests: Model<RoleRequestDoc>,
    private readonly users: UsersService,
    private readonly events: EventEmitter2,
  ) {}

  /** The user's requests, newest first. */
  forUser(userId: string): Promise<RoleRequestDoc[]> {
    return this.requests.find({ user_id: userId }).sort({ created_at: -1, _id: -1 }).lean<RoleRequestDoc[]>().exec();
  }

  /** 400 for an unknown role; 409 when the role is held or a request for it is pending. */
  async create(user: SessionUser, role: Role): Promise<RoleRequestDoc> {
    if (!(ROLES as readonly string[]).includes(role)) throw apiError(400, ROLE_REQUEST_MESSAGES.unknownRole);
    const current = await this.users.get(user.id);
    if ((current?.roles ?? user.roles).includes(role)) throw apiError(409, ROLE_REQUEST_MESSAGES.alreadyHeld);
    const doc: RoleRequestDoc = (
      await uniqueOr409(
        () =>
          this.requests.create({ user_id: user.id, username: user.username, role, status: 'pending', created_at: new Date() }),
        ROLE_REQUEST_MESSAGES.alreadyPending,
      )
    ).toObject();
    const event: RoleRequestCreatedEvent = { request: doc };
    this.events.emit(ROLE_REQUEST_EVENTS.created, event);
    return doc;
  }

  /** Pending requests, oldest first. */
  pending(): Promise<RoleRequestDoc[]> {
    return this.requests.find({ status: 'pending' }).sort({ created_at: 1, _id: 1 }).lean<RoleRequestDoc[]>().exec();
  }

  /**
   * 'add' grants, 'del' refuses. 400 for a malformed id or type, 404 for an unknown request, 409
   * when it was already decided (by another admin a moment ago, say).
   */
  async decide(reqId: string, type: RoleRequestDecision, admin: SessionUser): Promise<RoleRequestDoc> {
    if (
      typeof reqId !== 'string' ||
      !Types.ObjectId.isValid(reqId) ||
      String(new Types.ObjectId(reqId)) !== reqId.toLowerCase()
    ) {
      throw apiError(400, ROLE_REQUEST_MESSAGES.badId);
    }
    if (type !== 'add' && type !== 'del') throw apiError(400, ROLE_REQUEST_MESSAGES.badType);
    const granted = type === 'add';
    const doc = await this.requests
      .findOneAndUpdate(
        { _id: new Types.ObjectId(reqId), status: 'pending' },
        { $set: { status: granted ? 'granted' : 'refused', decided_at: new Date(), decided_by: admin.username } },
        { returnDocument: 'after' },
      )
      .lean<RoleRequestDoc>()
      .exec();
    if (!doc) {
      const exists = await this.requests.exists({ _id: new Types.ObjectId(reqId) });
      throw apiError(exists ? 409 : 404, exists ? ROLE_REQUEST_MESSAGES.alreadyDecided : ROLE_REQUEST_MESSAGES.notFound);
    }
    if (granted) await this.users.grantRole(doc.user_id, doc.role);
    const event: RoleRequestDecidedEvent = { userId: doc.user_id, role: doc.role, granted, requestId: String(doc._id) };
    this.events.emit(ROLE_REQUEST_EVENTS.decided, event);
    return doc;
  }
}
