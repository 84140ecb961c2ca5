import { Injectable } from '@nestjs/common';
import { SRP_MESSAGES, type SrpSettings, type SrpSettingsResponse } from '@eve-toolkit/shared-types';
import { UsersService } from '../accounts/users.service';
import { hasRole } from '../common/access/access';
import { apiError } from '../common/errors/api-error';
import type { CorpMember } from '../corp/corp-access';
import { CorpGrants } from '../corp/grants/corp-grants';
import { SrpService } from './srp.service';

/**
 * The corporation's SRP rule and its managers. Managing SRP is one permission (`manageSrp`):
 * admins hold it by their role; an admin grants it to a member of their corporation (and takes it
 * back) here, stored as a corporation grant that CorpAccess reads on every request and socket.
 */
@Injectable()
export class SrpManagers {
  constructor(
    private readonly srp: SrpService,
    private readonly grants: CorpGrants,
    private readonly users: UsersService,
  ) {}

  async view(member: CorpMember): Promise<SrpSettingsResponse> {
    return {
      settings: await this.srp.settingsOf(member),
      managers: await this.grants.holders(member.corporationId, 'manageSrp'),
      can_grant: hasRole(member.user, 'admin'),
    };
  }

  async save(member: CorpMember, settings: SrpSettings): Promise<SrpSettingsResponse> {
    await this.srp.saveSettings(member, settings);
    return this.view(member);
  }

  async grant(member: CorpMember, req: { username: string; grant: boolean }): Promise<SrpSettingsResponse> {
    if (!hasRole(member.user, 'admin')) throw apiError(403, SRP_MESSAGES.cannotGrant);
    const id = await this.users.idOf(req.username);
    const user = id ? await this.users.get(id) : null;
    if (!id || !user) throw apiError(404, SRP_MESSAGES.userNotFound);
    await this.grants.set(member.corporationId, { id, username: user.username }, 'manageSrp', req.grant, member.user.username);
    return this.view(member);
  }
}
