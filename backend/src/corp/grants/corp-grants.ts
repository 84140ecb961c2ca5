import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Schema, type Model } from 'mongoose';
import { CorpScoped, type CorpReader } from '../corp-scope';

/** Permissions an admin may grant a member of one corporation beyond their roles (issue 39). */
export const GRANTABLE = ['manageSrp'] as const;
export type Grantable = (typeof GRANTABLE)[number];

/**
 * A permission granted to one account in one corporation (`corp_grants`, _id =
 * "<corporation>:<user>:<permission>"): read by CorpAccess with the member's roles, so the guard
 * (`@CorpArea`) and the pages' flags ask one rule.
 */
export interface GrantDoc {
  _id: string;
  corporation_id: number;
  user_id: string;
  username: string;
  permission: Grantable;
  granted_by: string;
  granted_at: Date;
}

export const GrantSchema = new Schema<GrantDoc>(
  {
    _id: { type: String, required: true },
    corporation_id: { type: Number, required: true },
    user_id: { type: String, required: true },
    username: { type: String, required: true },
    permission: { type: String, required: true },
    granted_by: { type: String, required: true },
    granted_at: { type: Date, required: true },
  },
  { collection: 'corp_grants', versionKey: false },
);
GrantSchema.index({ user_id: 1 });
GrantSchema.index({ corporation_id: 1, permission: 1 });

export const GRANT_MODEL = 'CorpGrant';

/** The grants: who holds which grantable permission in which corporation. */
@Injectable()
export class CorpGrants {
  private readonly scoped: CorpScoped<GrantDoc>;

  constructor(@InjectModel(GRANT_MODEL) private readonly grants: Model<GrantDoc>) {
    this.scoped = new CorpScoped(grants);
  }

  /** The permissions the member was granted in any of their corporations. */
  async of(member: Pick<CorpReader, 'corporationIds'> & { user: { id: string } }): Promise<Set<Grantable>> {
    if (member.corporationIds.length === 0) return new Set();
    const rows = await this.scoped
      .find(member, { user_id: member.user.id })
      .select({ permission: 1 })
      .lean<Pick<GrantDoc, 'permission'>[]>();
    return new Set(rows.map((r) => r.permission));
  }

  /** Usernames holding `permission` in the corporation. */
  async holders(corporationId: number, permission: Grantable): Promise<string[]> {
    const rows = await this.grants
      .find({ corporation_id: corporationId, permission }, { username: 1 })
      .sort({ username: 1 })
      .lean<Pick<GrantDoc, 'username'>[]>();
    return rows.map((r) => r.username);
  }

  /** Grants (`on`) or takes back the permission; repeatable. */
  async set(
    corporationId: number,
    user: { id: string; username: string },
    permission: Grantable,
    on: boolean,
    by: string,
    now = new Date(),
  ): Promise<void> {
    const _id = `${corporationId}:${user.id}:${permission}`;
    if (!on) {
      await this.grants.deleteOne({ _id });
      return;
    }
    await this.grants.updateOne(
      { _id },
      {
        $set: { username: user.username, granted_by: by, granted_at: now },
        $setOnInsert: { corporation_id: corporationId, user_id: user.id, permission },
      },
      { upsert: true },
    );
  }
}
