import { Injectable } from '@nestjs/common';
import { CORP_MESSAGES, CORP_PERMISSIONS, DOCTRINE_MESSAGES, SRP_MESSAGES } from '@eve-toolkit/shared-types';
import { CharacterRoster } from '../characters/character-roster.service';
import { corpAreaCorporations, hasRole, requireCorpMember } from '../common/access/access';
import { apiError } from '../common/errors/api-error';
import type { SessionUser } from '../common/auth/session-user';
import { CorporationsService } from '../corporations/corporations.service';
import { CorpGrants, GRANTABLE, type Grantable } from './grants/corp-grants';

/** What a member may do beyond reading (each one a list of roles in CORP_PERMISSIONS). */
export type CorpPermission = Exclude<keyof typeof CORP_PERMISSIONS, 'member'>;
const PERMISSIONS: readonly CorpPermission[] = [
  'createPing',
  'managePings',
  'createProject',
  'moderate',
  'manageDoctrines',
  'manageSrp',
];

const PERMISSION_MESSAGE: Record<CorpPermission, string> = {
  createPing: CORP_MESSAGES.cannotCreatePing,
  managePings: CORP_MESSAGES.cannotEditPing,
  createProject: CORP_MESSAGES.cannotCreateProject,
  moderate: CORP_MESSAGES.cannotModerate,
  manageDoctrines: DOCTRINE_MESSAGES.cannotManage,
  manageSrp: SRP_MESSAGES.cannotManage,
};

/** A caller of the corporation area, as the access rules resolved it (never from the client). */
export interface CorpMember {
  user: SessionUser;
  /** Every corporation the user belongs to, main ones first: what the member may read. */
  corporationIds: number[];
  /** Where new projects, pings and buy rows go: the first of `corporationIds`. */
  corporationId: number;
  /** The permissions the member holds (sent to the pages as flags; the guard enforces them). */
  can: Record<CorpPermission, boolean>;
}

/**
 * The corporation area's access rules, for HTTP (CorpMemberGuard) and sockets (the gateway's
 * rooms) alike. A user is a member of a corporation when they hold role corp or admin and one of
 * their linked, not banned characters is in a corporation registered by admins and not blocked
 * — computed on the server from stored character data (refreshed through ESI).
 */
@Injectable()
export class CorpAccess {
  constructor(
    private readonly characters: CharacterRoster,
    private readonly corporations: CorporationsService,
    private readonly grants: CorpGrants,
  ) {}

  /** The corporations whose data and room the user may reach, main type first ([] for a non-member). */
  async corporationsOf(user: SessionUser): Promise<number[]> {
    // The member rule (common/access); without the role nothing is read.
    return hasRole(user, ...CORP_PERMISSIONS.member) ? corpAreaCorporations(user, await this.activeCorporationsOf(user.id)) : [];
  }

  /** The caller as a member (401 for guests, 403 in Russian without the role or a corporation). */
  async require(user: SessionUser | null | undefined): Promise<CorpMember> {
    const ids = user && hasRole(user, ...CORP_PERMISSIONS.member) ? await this.activeCorporationsOf(user.id) : [];
    const member = requireCorpMember(user, ids, CORP_PERMISSIONS.member, CORP_MESSAGES);
    // A permission is held by role, or granted in one of the member's corporations (GRANTABLE only).
    const granted = await this.grants.of(member);
    const can = Object.fromEntries(
      PERMISSIONS.map((p) => [
        p,
        hasRole(member.user, ...CORP_PERMISSIONS[p]) ||
          ((GRANTABLE as readonly string[]).includes(p) && granted.has(p as Grantable)),
      ]),
    ) as CorpMember['can'];
    return { ...member, corporationId: member.corporationIds[0], can };
  }

  /** 403 in Russian unless the member holds `permission` (by role or grant, as `require` resolved it). */
  requirePermission(member: CorpMember, permission: CorpPermission): void {
    if (!member.can[permission]) throw apiError(403, PERMISSION_MESSAGE[permission]);
  }

  /** The member's characters in the corporation (those whose game jobs and contracts count for it). */
  async charactersIn(member: CorpMember, corporationId: number): Promise<{ id: number; name: string }[]> {
    return this.characters.memberCharacters(member.user.id, [corporationId]);
  }

  /** The member's characters in all their corporations. */
  async charactersOf(member: CorpMember): Promise<{ id: number; name: string; corporationId: number }[]> {
    return this.characters.memberCharacters(member.user.id, member.corporationIds);
  }

  /** Accounts whose access a change of the corporation may affect (those with a character in it). */
  affectedBy(corporationId: number): Promise<string[]> {
    return this.characters.ownersIn(corporationId);
  }

  /** The user's corporations (registered, not blocked), main type first, then by id. */
  private async activeCorporationsOf(userId: string): Promise<number[]> {
    const chars = await this.characters.memberCharacters(userId);
    const candidates = [...new Set(chars.map((c) => c.corporationId))];
    if (candidates.length === 0) return [];
    // Only the user's own corporations are read (one or a few), not the whole registry.
    const found = await Promise.all(candidates.map((id) => this.corporations.get(id)));
    const typeOf = new Map(found.filter((c) => c !== null).map((c) => [c._id, c.corp_type]));
    return candidates
      .filter((id) => typeOf.get(id) === 0 || typeOf.get(id) === 1)
      .sort((a, b) => (typeOf.get(a) ?? 9) - (typeOf.get(b) ?? 9) || a - b);
  }
}
