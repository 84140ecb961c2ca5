import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import {
  DEFAULT_SRP_SETTINGS,
  SRP_LIMITS,
  SRP_MESSAGES,
  type AddSrpFields,
  type SrpLoss,
  type SrpLossesResponse,
  type SrpRef,
  type SrpRequest,
  type SrpRequestsResponse,
  type SrpSettings,
} from '@eve-toolkit/shared-types';
import { apiError } from '../common/errors/api-error';
import { uniqueOr409 } from '../common/database/duplicate-key';
import type { CorpMember } from '../corp/corp-access';
import { CorpAccess } from '../corp/corp-access';
import { CorpPingsService } from '../corp/corp-pings.service';
import { CorpScoped } from '../corp/corp-scope';
import { GameData } from '../game-data/game-data.contract';
import { MarketPrices } from '../market/market-prices.contract';
import { matchDoctrine } from './domain/doctrine-match';
import { parseKillmail, type Loss } from './domain/killmail';
import { platinumPayout, suggestPayout } from './domain/payout';
import { matchPing, pingStartsAround } from './domain/ping-match';
import { lostQuantities, valueLoss } from './domain/valuation';
import { SrpDoctrines } from './srp-doctrines';
import { SrpEsi } from './srp-esi.service';
import { SRP_EVENTS, type SrpRequestChangedEvent } from './srp.events';
import { toSrpRequest } from './srp.mapper';
import { SRP_MODELS, type SrpAnnouncement, type SrpRequestDoc, type SrpSettingsDoc } from './srp.schema';

const WINDOW = { beforeMs: SRP_LIMITS.pingBeforeMs, afterMs: SRP_LIMITS.pingAfterMs };

/**
 * Ship replacement (issue 39). A member files one of their characters' losses (the killmail read
 * from ESI: the victim must be one of their characters, in one of their corporations at the
 * time); the request goes to the victim's corporation, priced at its hub on the loss's day,
 * matched to the ping whose window holds it and to that ping's doctrine, with the payout the
 * corporation's rule suggests. Managers (`manageSrp`, by role or grant: CorpAccess) decide and
 * pay; every change is one conditional update on the status, so simultaneous decisions have one
 * winner, and a domain event (live to the corporation's room). A filing and a decision write, in
 * the same single-document write, their announcement for the corporation's webhooks
 * (`webhooks_due`): the webhook listener turns it into outbox rows before the answer, and if the
 * instance dies in between, WebhookOutbox's sweep finds it.
 */
@Injectable()
export class SrpService {
  private readonly requests: CorpScoped<SrpRequestDoc>;
  private readonly settings: CorpScoped<SrpSettingsDoc>;

  constructor(
    @InjectModel(SRP_MODELS.request) requests: Model<SrpRequestDoc>,
    @InjectModel(SRP_MODELS.settings) settings: Model<SrpSettingsDoc>,
    private readonly access: CorpAccess,
    private readonly pings: CorpPingsService,
    private readonly prices: MarketPrices,
    private readonly gameData: GameData,
    private readonly esi: SrpEsi,
    private readonly doctrines: SrpDoctrines,
    private readonly events: EventEmitter2,
  ) {
    this.requests = new CorpScoped(requests);
    this.settings = new CorpScoped(settings);
  }

  /** The member's characters' recent losses, newest first; a character whose losses ESI refused is named with the reason. */
  async losses(member: CorpMember): Promise<SrpLossesResponse> {
    const characters = await this.access.charactersOf(member);
    const unreadable: SrpLossesResponse['unreadable'] = [];
    const found: { character: SrpRef; hash: string; loss: Loss }[] = [];
    await Promise.all(
      characters.map(async (c) => {
        try {
          const refs = (await this.esi.recent(c.id)).slice(0, SRP_LIMITS.lossesPerCharacter);
          const mails = await Promise.all(
            refs.map(async (r) => ({ r, loss: parseKillmail(await this.esi.killmail(r.killmail_id, r.killmail_hash)) })),
          );
          for (const { r, loss } of mails)
            if (loss && loss.victim.characterId === c.id)
              found.push({ character: { id: c.id, name: c.name }, hash: r.killmail_hash, loss });
        } catch (err) {
          const reason = (err as { getResponse?: () => { message?: string } }).getResponse?.().message ?? SRP_MESSAGES.esiFailed;
          unreadable.push({ character: { id: c.id, name: c.name }, reason });
        }
      }),
    );
    const ids = found.map((f) => f.loss.killmailId);
    const filed = new Set(
      (
        await this.requests
          .find(member, { killmail_id: { $in: ids } })
          .select({ killmail_id: 1 })
          .lean<Pick<SrpRequestDoc, 'killmail_id'>[]>()
      ).map((d) => d.killmail_id),
    );
    const names = await this.names(found.map((f) => f.loss.victim.shipTypeId));
    const systems = await this.systems(found.map((f) => f.loss.systemId));
    const losses: SrpLoss[] = found
      .sort((a, b) => b.loss.time.getTime() - a.loss.time.getTime() || b.loss.killmailId - a.loss.killmailId)
      .map((f) => ({
        killmail_id: f.loss.killmailId,
        killmail_hash: f.hash,
        time: f.loss.time.toISOString(),
        character: f.character,
        ship: names(f.loss.victim.shipTypeId),
        system: systems(f.loss.systemId),
        filed: filed.has(f.loss.killmailId),
      }));
    unreadable.sort((a, b) => a.character.name.localeCompare(b.character.name));
    return { losses, unreadable };
  }

  async file(member: CorpMember, fields: AddSrpFields, now = new Date()): Promise<SrpRequest> {
    const loss = parseKillmail(await this.esi.killmail(fields.killmail_id, fields.killmail_hash));
    if (!loss) throw apiError(502, SRP_MESSAGES.killmailUnreadable);
    const character = (await this.access.charactersOf(member)).find((c) => c.id === loss.victim.characterId);
    if (!character) throw apiError(403, SRP_MESSAGES.notYourLoss);
    const corporationId = loss.victim.corporationId;
    if (corporationId === null || !member.corporationIds.includes(corporationId))
      throw apiError(403, SRP_MESSAGES.notInCorporation);
    // The request belongs to the corporation the pilot lost the ship in.
    const owner = { corporationIds: [corporationId], corporationId };
    if (await this.requests.findOne(owner, { killmail_id: loss.killmailId }).lean()) throw apiError(409, SRP_MESSAGES.duplicate);

    const ping = fields.ping_id
      ? await this.pings.ref(owner, fields.ping_id)
      : matchPing(loss.time, await this.pings.startingBetween(owner, ...bounds(loss.time)), WINDOW);
    if (fields.ping_id && !ping) throw apiError(404, SRP_MESSAGES.pingNotFound);

    const rule = await this.rule(owner);
    const quantities = lostQuantities(loss.victim.shipTypeId, loss.items);
    const fits = ping ? await this.doctrines.fitsOf(corporationId, ping.doctrineId) : null;
    const doctrine = fits ? matchDoctrine({ shipTypeId: loss.victim.shipTypeId, quantities }, fits) : null;
    const day = loss.time.toISOString().slice(0, 10);
    const priced = await this.prices.sellPricesOn(rule.hub_id, [...quantities.keys()], day);
    const value = valueLoss(loss.victim.shipTypeId, loss.items, priced);
    const insurancePrices = await this.esi.insurance();
    const insurance = insurancePrices ? platinumPayout(insurancePrices, loss.victim.shipTypeId) : null;
    const suggested =
      rule.minus_insurance && !insurancePrices
        ? null // ESI's insurance was not readable: what to take off is unknown
        : suggestPayout(
            { rule: rule.rule, share: rule.share, fixed: rule.fixed, minusInsurance: rule.minus_insurance },
            { lossValue: value.total, fitId: doctrine?.fitId ?? null, insurance },
          );
    const names = await this.names([...quantities.keys()]);
    const system = (await this.systems([loss.systemId]))(loss.systemId);
    const _id = new Types.ObjectId();
    const doc = await uniqueOr409(
      () =>
        this.requests.create(owner, {
          _id,
          killmail_id: loss.killmailId,
          killmail_hash: fields.killmail_hash,
          user_id: member.user.id,
          filed_by: member.user.username,
          time: loss.time,
          character: { id: character.id, name: character.name },
          ship: names(loss.victim.shipTypeId),
          system,
          items: loss.items.map((i) => ({ type_id: i.typeId, destroyed: i.destroyed, dropped: i.dropped })),
          hub_id: rule.hub_id,
          loss_value: value.total,
          missing: value.missing.map((m) => ({ ...names(m.typeId), quantity: m.quantity })),
          price_source: value.source,
          insurance,
          suggested_payout: suggested,
          payout: null,
          ping: ping ? { id: ping.id, name: ping.name } : null,
          doctrine_match: doctrine?.match ?? null,
          comment: fields.comment,
          status: 'pending',
          decision: null,
          paid: null,
          created_at: now,
          rev: 0,
          webhooks_due: [announcement(_id, 'srp-filed', now)],
        }),
      SRP_MESSAGES.duplicate,
    );
    return this.changed(doc.toObject<SrpRequestDoc>(), 'filed');
  }

  /**
   * Links a pending request to another ping of its corporation (null: none), as the FC or a
   * manager knows better than the window: the doctrine match and the suggested payout follow the
   * new ping. One conditional update on `status: 'pending'` (a decided request keeps its fleet: 409).
   */
  async relink(member: CorpMember, req: { id: string; ping_id: string | null }): Promise<SrpRequest> {
    const _id = objectId(req.id);
    const doc = await this.requests.findOne(member, { _id }).lean<SrpRequestDoc>();
    if (!doc) throw apiError(404, SRP_MESSAGES.notFound);
    if (doc.status !== 'pending') throw apiError(409, SRP_MESSAGES.relinkDecided);
    const owner = { corporationIds: [doc.corporation_id], corporationId: doc.corporation_id };
    const ping = req.ping_id ? await this.pings.ref(owner, req.ping_id) : null;
    if (req.ping_id && !ping) throw apiError(404, SRP_MESSAGES.pingNotFound);
    const items = doc.items.map((i) => ({ typeId: i.type_id, destroyed: i.destroyed, dropped: i.dropped }));
    const quantities = lostQuantities(doc.ship.id, items);
    const fits = ping ? await this.doctrines.fitsOf(doc.corporation_id, ping.doctrineId) : null;
    const doctrine = fits ? matchDoctrine({ shipTypeId: doc.ship.id, quantities }, fits) : null;
    const rule = await this.rule(owner);
    const suggested = suggestPayout(
      { rule: rule.rule, share: rule.share, fixed: rule.fixed, minusInsurance: rule.minus_insurance },
      { lossValue: doc.loss_value, fitId: doctrine?.fitId ?? null, insurance: doc.insurance },
    );
    const updated = await this.requests
      .findOneAndUpdate(
        member,
        { _id, status: 'pending' },
        {
          $set: {
            ping: ping ? { id: ping.id, name: ping.name } : null,
            doctrine_match: doctrine?.match ?? null,
            suggested_payout: suggested,
          },
          $inc: { rev: 1 },
        },
      )
      .lean<SrpRequestDoc>();
    if (!updated) throw apiError(409, SRP_MESSAGES.relinkDecided);
    return this.changed(updated, 'relinked');
  }

  /** A pilot's own requests; a manager's, every request of their corporations. */
  async list(member: CorpMember): Promise<SrpRequestsResponse> {
    const filter = member.can.manageSrp ? {} : { user_id: member.user.id };
    const docs = await this.requests
      .find(member, filter)
      .sort({ created_at: -1, _id: -1 })
      .limit(SRP_LIMITS.requestsListed)
      .lean<SrpRequestDoc[]>();
    return { requests: docs.map(toSrpRequest), can_manage: member.can.manageSrp };
  }

  /**
   * Approves (with `amount`, else the suggested payout) or denies (with a reason) a pending
   * request: one conditional update on `status: 'pending'`, so of simultaneous decisions one wins
   * and the others get 409. Another corporation's request is a 404.
   */
  async decide(
    member: CorpMember,
    req: { id: string; decision: 'approve' | 'deny'; amount?: number; reason?: string },
    now = new Date(),
  ): Promise<SrpRequest> {
    const _id = objectId(req.id);
    const doc = await this.requests.findOne(member, { _id }).lean<SrpRequestDoc>();
    if (!doc) throw apiError(404, SRP_MESSAGES.notFound);
    if (doc.status !== 'pending') throw apiError(409, SRP_MESSAGES.alreadyDecided);
    const approve = req.decision === 'approve';
    const amount = approve ? (req.amount ?? doc.suggested_payout) : null;
    if (approve && amount === null) throw apiError(400, SRP_MESSAGES.amountUnknown);
    const updated = await this.requests
      .findOneAndUpdate(
        member,
        { _id, status: 'pending' },
        {
          $set: {
            status: approve ? 'approved' : 'denied',
            payout: amount === null ? null : Math.round(amount),
            decision: { by: member.user.username, at: now, reason: approve ? '' : (req.reason ?? '') },
          },
          $inc: { rev: 1 },
          $push: { webhooks_due: announcement(_id, 'srp-decided', now) },
        },
      )
      .lean<SrpRequestDoc>();
    if (!updated) throw apiError(409, SRP_MESSAGES.alreadyDecided);
    return this.changed(updated, 'decided');
  }

  /**
   * Marks approved requests paid with their approved amounts (one or a batch). Every id must be
   * one of the member's corporations' approved requests (404 / 409 otherwise, nothing changed);
   * each is then one conditional update, so a request is paid once.
   */
  async pay(member: CorpMember, req: { ids: string[]; note: string }, now = new Date()): Promise<SrpRequest[]> {
    const ids = [...new Set(req.ids)].map(objectId);
    const docs = await this.requests.find(member, { _id: { $in: ids } }).lean<SrpRequestDoc[]>();
    if (docs.length !== ids.length) throw apiError(404, SRP_MESSAGES.notFound);
    if (docs.some((d) => d.status !== 'approved')) throw apiError(409, SRP_MESSAGES.notApproved);
    const out: SrpRequest[] = [];
    for (const d of docs.sort((a, b) => a.created_at.getTime() - b.created_at.getTime())) {
      const updated = await this.requests
        .findOneAndUpdate(
          member,
          { _id: d._id, status: 'approved' },
          {
            $set: { status: 'paid', paid: { amount: d.payout ?? 0, by: member.user.username, at: now, note: req.note } },
            $inc: { rev: 1 },
          },
        )
        .lean<SrpRequestDoc>();
      if (updated) out.push(await this.changed(updated, 'paid'));
    }
    if (out.length === 0) throw apiError(409, SRP_MESSAGES.notApproved);
    return out;
  }

  /** The rule of the member's own corporation. */
  async settingsOf(member: CorpMember): Promise<SrpSettings> {
    return this.rule(member);
  }

  async saveSettings(member: CorpMember, s: SrpSettings, now = new Date()): Promise<SrpSettings> {
    await this.settings.upsertOwn(member, {}, { ...s, updated_by: member.user.username, updated_at: now });
    return this.rule(member);
  }

  private async rule(reader: { corporationIds: number[]; corporationId: number }): Promise<SrpSettings> {
    const doc = await this.settings.findOwn(reader).lean<SrpSettingsDoc[]>();
    const s = doc[0];
    return s
      ? { hub_id: s.hub_id, rule: s.rule, share: s.share, fixed: s.fixed ?? {}, minus_insurance: s.minus_insurance }
      : { ...DEFAULT_SRP_SETTINGS };
  }

  private async changed(doc: SrpRequestDoc, reason: SrpRequestChangedEvent['reason']): Promise<SrpRequest> {
    const request = toSrpRequest(doc);
    const payload: SrpRequestChangedEvent = { corporationId: doc.corporation_id, request, reason };
    await this.events.emitAsync(SRP_EVENTS.requestChanged, payload);
    return request;
  }

  /** Type names from the game data (an id the data lacks reads «Тип #id»). */
  private async names(ids: number[]): Promise<(id: number) => SrpRef> {
    const types = await this.gameData.typesByIds([...new Set(ids)]);
    return (id) => ({ id, name: types.get(id)?.name ?? `Тип #${id}` });
  }

  private async systems(ids: number[]): Promise<(id: number) => SrpRef> {
    const found = new Map<number, string>();
    for (const id of new Set(ids)) {
      const s = await this.gameData.system(id);
      if (s) found.set(id, s.name);
    }
    return (id) => ({ id, name: found.get(id) ?? `Система #${id}` });
  }
}

/** A change for the webhooks, written with the change (see WebhookAnnouncement). */
function announcement(id: Types.ObjectId, kind: SrpAnnouncement['kind'], at: Date): SrpAnnouncement {
  return { key: `srp:${String(id)}:${kind}`, kind, at };
}

function bounds(time: Date): [Date, Date] {
  const { from, to } = pingStartsAround(time, WINDOW);
  return [from, to];
}

function objectId(id: string): Types.ObjectId {
  if (!Types.ObjectId.isValid(id) || String(new Types.ObjectId(id)) !== id) throw apiError(404, SRP_MESSAGES.notFound);
  return new Types.ObjectId(id);
}
