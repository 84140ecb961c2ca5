import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CORP_MESSAGES, typeIconUrl, type BuysResponse, type UpdateBuyRequest } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { GameData } from '../game-data/game-data.contract';
import type { CorpMember } from './corp-access';
import { CorpScoped } from './corp-scope';
import { CORP_EVENTS, type BuysChangedEvent } from './corp.events';
import { CORP_MODELS, type BuyDoc } from './corp.schema';

/** The corporation's buy list (spec "Главная"); moderators edit it (beyond the spec), live. */
@Injectable()
export class CorpBuysService {
  private readonly buys: CorpScoped<BuyDoc>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CORP_MODELS.buy) buys: Model<BuyDoc>,
    private readonly gameData: GameData,
    private readonly events: EventEmitter2,
  ) {
    this.buys = new CorpScoped(buys);
  }

  async list(member: CorpMember): Promise<BuysResponse> {
    const docs = await this.buys.find(member).lean<BuyDoc[]>();
    const types = await this.gameData.typesByIds(docs.map((d) => d.type_id));
    const buys = docs
      .map((d) => ({
        id: d.type_id,
        icon: typeIconUrl(this.config.imageServerUrl, d.type_id, 32),
        name: types.get(d.type_id)?.name ?? String(d.type_id),
        quantity: d.quantity,
        price: d.price,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
    return { buys, can_moderate: member.can.moderate };
  }

  /** Sets a row of the caller's (first) corporation; quantity 0 removes it (moderators: @CorpArea('moderate')). */
  async update(member: CorpMember, req: UpdateBuyRequest, now = new Date()): Promise<BuysResponse> {
    const type = await this.gameData.type(req.id);
    if (!type) throw apiError(400, CORP_MESSAGES.unknownItem);
    const row = { _id: `${member.corporationId}:${req.id}` };
    if (req.quantity === 0) await this.buys.deleteOwn(member, row);
    else await this.buys.upsertOwn(member, row, { type_id: req.id, quantity: req.quantity, price: req.price, updated_at: now });
    const event: BuysChangedEvent = { corporationId: member.corporationId };
    this.events.emit(CORP_EVENTS.buysChanged, event);
    return this.list(member);
  }
}
