import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import {
  DEFAULT_HUB_ID,
  DOCTRINE_LIMITS,
  DOCTRINE_MESSAGES,
  HUBS,
  suggestionMessage,
  type AddDoctrineRequest,
  type Doctrine,
  type DoctrineFit,
  type DoctrinesResponse,
  type PingDoctrine,
  type UpdateDoctrineRequest,
} from '@eve-toolkit/shared-types';
import { AppraisalPrices } from '../../appraisal/appraisal-prices';
import { AppraisalReader } from '../../appraisal/appraisal-reader';
import { AppraisalSuggestions } from '../../appraisal/appraisal-suggestions';
import { apiError } from '../../common/errors/api-error';
import { GameData, type GameType } from '../../game-data/game-data.contract';
import type { CorpMember } from '../corp-access';
import { CorpScoped } from '../corp-scope';
import { DOCTRINE_MODEL, toParsedDoctrine, type DoctrineDoc, type DoctrineFitDoc, type ParsedDoctrine } from './doctrine.schema';
import { DOCTRINE_EVENTS, type DoctrineDeletedEvent, type DoctrineSavedEvent } from './doctrines.events';
import { readFit } from './domain/fit';

const isObjectId = (id: string) => Types.ObjectId.isValid(id) && String(new Types.ObjectId(id)) === id;

/**
 * A corporation's doctrines (`corp_doctrines`): every member reads them, priced at every hub
 * through the appraisal's prices (the one `MarketPrices` contract, the same sums as the appraisal
 * of the same EFT text); `manageDoctrines` (FCs, industrialists, admins; the guard asks it) adds,
 * edits and deletes them. Fits are read with the appraisal's parser (`readFit`); a line that names
 * nothing refuses the doctrine with the line and the appraisal's suggestions.
 */
@Injectable()
export class CorpDoctrinesService {
  private readonly doctrines: CorpScoped<DoctrineDoc>;

  constructor(
    @InjectModel(DOCTRINE_MODEL) model: Model<DoctrineDoc>,
    private readonly gameData: GameData,
    private readonly reader: AppraisalReader,
    private readonly prices: AppraisalPrices,
    private readonly suggestions: AppraisalSuggestions,
    private readonly events: EventEmitter2,
  ) {
    this.doctrines = new CorpScoped(model);
  }

  async list(member: CorpMember, hub = DEFAULT_HUB_ID): Promise<DoctrinesResponse> {
    const docs = await this.doctrines.find(member).sort({ name: 1, _id: 1 }).lean<DoctrineDoc[]>();
    return { doctrines: await this.view(docs, hub), can_manage: member.can.manageDoctrines };
  }

  async add(member: CorpMember, req: AddDoctrineRequest, now = new Date()): Promise<{ doctrine: Doctrine }> {
    const fits = await this.readFits(req.fits.map((f) => f.eft));
    const count = await this.doctrines.findOwn(member).countDocuments();
    if (count >= DOCTRINE_LIMITS.perCorp) throw apiError(409, DOCTRINE_MESSAGES.tooMany);
    const doc = await this.doctrines.create(member, {
      name: req.name,
      fits,
      created_at: now,
      updated_at: now,
      updated_by: member.user.username,
    });
    return { doctrine: await this.saved(doc.toObject<DoctrineDoc>()) };
  }

  /** Renames and/or replaces the fits (a fit with the same EFT text as before keeps its id); 404 outside the member's corporations. */
  async update(member: CorpMember, req: UpdateDoctrineRequest, now = new Date()): Promise<{ doctrine: Doctrine }> {
    const old = await this.find(member, req.id);
    const set: Partial<DoctrineDoc> = { updated_at: now, updated_by: member.user.username };
    if (req.name !== undefined) set.name = req.name;
    if (req.fits !== undefined) {
      const read = await this.readFits(req.fits.map((f) => f.eft));
      const kept = new Map(old.fits.map((f) => [f.eft, f._id]));
      set.fits = read.map((f) => {
        const id = kept.get(f.eft);
        if (id !== undefined) kept.delete(f.eft);
        return { ...f, _id: id ?? f._id };
      });
    }
    const updated = await this.doctrines.findOneAndUpdate(member, { _id: old._id }, { $set: set }).lean<DoctrineDoc>();
    if (!updated) throw apiError(404, DOCTRINE_MESSAGES.notFound);
    return { doctrine: await this.saved(updated) };
  }

  async remove(member: CorpMember, id: string): Promise<{ ok: true }> {
    const doc = await this.find(member, id);
    const res = await this.doctrines.deleteWithin(member, { _id: doc._id });
    if (res.deletedCount === 0) throw apiError(404, DOCTRINE_MESSAGES.notFound);
    const payload: DoctrineDeletedEvent = { corporationId: doc.corporation_id, doctrineId: String(doc._id) };
    await this.events.emitAsync(DOCTRINE_EVENTS.deleted, payload);
    return { ok: true };
  }

  /** The member's corporations' doctrine (404 in Russian for another corporation's, or none). */
  async find(member: CorpMember, id: string): Promise<DoctrineDoc> {
    const doc = isObjectId(id) ? await this.doctrines.findOne(member, { _id: new Types.ObjectId(id) }).lean<DoctrineDoc>() : null;
    if (!doc) throw apiError(404, DOCTRINE_MESSAGES.notFound);
    return doc;
  }

  /**
   * A corporation's doctrine with its fits' parsed contents (ship type id, item type ids and
   * quantities), or null when the corporation has no such doctrine: for a ping's doctrine and
   * for SRP checking a loss against it.
   */
  async parsedDoctrine(corporationId: number, doctrineId: string): Promise<ParsedDoctrine | null> {
    if (!isObjectId(doctrineId)) return null;
    const doc = await this.doctrines.ofCorporation(corporationId, { _id: new Types.ObjectId(doctrineId) }).lean<DoctrineDoc>();
    return doc ? toParsedDoctrine(doc) : null;
  }

  /** What a ping of `corporationId` stores of the doctrine it names (404 when the corporation has no such doctrine). */
  async pingDoctrine(corporationId: number, doctrineId: string): Promise<PingDoctrine> {
    const d = await this.parsedDoctrine(corporationId, doctrineId);
    if (!d) throw apiError(404, DOCTRINE_MESSAGES.notFound);
    return { id: d.id, name: d.name };
  }

  /** Reads every fit; the errors of all of them (with suggestions) in one 400. */
  private async readFits(efts: readonly string[]): Promise<DoctrineFitDoc[]> {
    await this.gameData.requireData();
    const names = await this.gameData.typeNameIndex();
    const lookup = (key: string) => names.get(key);
    const errors: string[] = [];
    const out: DoctrineFitDoc[] = [];
    for (let i = 0; i < efts.length; i++) {
      const read = readFit(i + 1, efts[i], lookup);
      if (!read.ok) {
        errors.push(...read.errors);
        for (const s of await this.suggestions.suggest(read.unknown))
          errors.push(DOCTRINE_MESSAGES.badLine(i + 1, `строка ${s.line}: ${suggestionMessage(s.names)}`));
        continue;
      }
      out.push({
        _id: String(new Types.ObjectId()),
        name: read.fit.name,
        eft: efts[i],
        ship_id: read.fit.ship.id,
        items: read.fit.items.map((it) => ({ type_id: it.type.id, quantity: it.quantity })),
      });
    }
    if (errors.length > 0) throw apiError(400, errors[0], undefined, errors);
    return out;
  }

  /** Emits the change (the doctrine at Jita and every hub) and answers with it. */
  private async saved(doc: DoctrineDoc): Promise<Doctrine> {
    const [doctrine] = await this.view([doc], DEFAULT_HUB_ID);
    const payload: DoctrineSavedEvent = { corporationId: doc.corporation_id, doctrine };
    await this.events.emitAsync(DOCTRINE_EVENTS.saved, payload);
    return doctrine;
  }

  /**
   * The doctrines as the API has them: names from today's game data, each fit's hull + fitting
   * priced as the appraisal prices its EFT text (the same reader, the same hub totals; unknown
   * stays null).
   */
  private async view(docs: readonly DoctrineDoc[], hub: number): Promise<Doctrine[]> {
    const ids = new Set<number>();
    for (const d of docs) for (const f of d.fits) [f.ship_id, ...f.items.map((i) => i.type_id)].forEach((id) => ids.add(id));
    const types = await this.gameData.typesByIds([...ids]);
    const nameOf = (id: number) => types.get(id)?.name ?? `#${id}`;
    const enOf = (id: number) => types.get(id)?.nameEn ?? `#${id}`;
    const at = Math.max(
      0,
      HUBS.findIndex((h) => h.id === hub),
    );
    return Promise.all(
      docs.map(async (d) => ({
        id: String(d._id),
        name: d.name,
        updated_at: new Date(d.updated_at).toISOString(),
        updated_by: d.updated_by,
        fits: await Promise.all(
          d.fits.map(async (f): Promise<DoctrineFit> => {
            const hubs = await this.priceFit(f);
            return {
              id: f._id,
              name: f.name,
              ship: { id: f.ship_id, name: nameOf(f.ship_id), name_en: enOf(f.ship_id) },
              items: f.items.map((i) => ({
                id: i.type_id,
                name: nameOf(i.type_id),
                name_en: enOf(i.type_id),
                quantity: i.quantity,
              })),
              eft: f.eft,
              price: hubs[at],
              hubs,
            };
          }),
        ),
      })),
    );
  }

  /** The fit's EFT text appraised (the appraisal's reader and prices): its totals at every hub, HUBS order. */
  private async priceFit(f: DoctrineFitDoc): Promise<DoctrineFit['hubs']> {
    const { items, errors } = await this.reader.appraise(f.eft);
    // A line today's game data no longer knows: the fit's price is unknown, not a partial sum.
    if (errors.length > 0) return HUBS.map((h) => ({ hub: h.id, sell: null, buy: null }));
    const { totals } = await this.prices.everyHub(items as { type: GameType; quantity: number; bpc: boolean }[]);
    return totals.map((t) => ({ hub: t.hub, sell: t.sell, buy: t.buy }));
  }
}
