import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { MARKET_EVENTS, type MarketPricesUpdatedEvent } from '../market/market.events';
import { BACKFILL_HISTORY_DAYS, MarketRefreshService } from '../market/market-refresh.service';

/**
 * Demo mode (not under tests): after each hub's first stored refresh, its market list gets 30
 * days of history from the stand-in's history endpoint, so charts and medians are not empty on
 * a fresh install. One hub at a time, in the order their prices arrive; waited for at shutdown.
 */
@Injectable()
export class DemoMarketHistory implements OnModuleDestroy {
  private readonly logger = new Logger('Demo');
  private queue: Promise<void> = Promise.resolve();
  private readonly stop = new AbortController();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly refresh: MarketRefreshService,
  ) {}

  @OnEvent(MARKET_EVENTS.pricesUpdated)
  onPricesUpdated(event: MarketPricesUpdatedEvent): void {
    if (!this.config.demo || this.config.nodeEnv === 'test' || this.stop.signal.aborted) return;
    this.queue = this.queue.then(() => this.backfill(event.hubId));
  }

  async onModuleDestroy(): Promise<void> {
    this.stop.abort();
    await this.queue;
  }

  private async backfill(hubId: number): Promise<void> {
    if (this.stop.signal.aborted) return;
    try {
      const seeded = await this.refresh.backfillHistoryOnce(hubId, this.stop.signal);
      if (seeded)
        this.logger.log(`Демо: история цен за ${BACKFILL_HISTORY_DAYS} дней загружена для ${seeded} предметов (хаб ${hubId})`);
    } catch (err) {
      if (!this.stop.signal.aborted) this.logger.warn(`Демо: история цен хаба ${hubId} не загружена: ${String(err)}`);
    }
  }
}
