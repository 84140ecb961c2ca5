/** Built-in public routes: region orders, market history, CCP prices, industry cost indices. */
import type { EsiMarketOrder } from './market';
import { PAGE_SIZE } from './market';
import type { FakeRoute, RouteContext, RouteResult } from './server';

const DAY_MS = 86_400_000;

function bad(status: number, error: string): RouteResult {
  return { status, body: { error } };
}

function validRegion(regionId: number): boolean {
  return regionId >= 10000000 && regionId < 13000000;
}

function ordersRoute(ctx: RouteContext): RouteResult {
  const regionId = Number(ctx.params[0]);
  if (!validRegion(regionId)) return bad(404, 'Region not found!');
  const orderType = ctx.query.get('order_type') ?? 'all';
  if (!['all', 'buy', 'sell'].includes(orderType)) return bad(400, `Invalid order_type: ${orderType}`);
  const pageParam = ctx.query.get('page') ?? '1';
  const page = Number(pageParam);
  if (!Number.isInteger(page) || page < 1) return bad(400, `Invalid page: ${pageParam}`);
  const typeIdParam = ctx.query.get('type_id');
  const typeId = typeIdParam === null ? null : Number(typeIdParam);
  if (typeId !== null && !(Number.isInteger(typeId) && typeId > 0)) return bad(400, `Invalid type_id: ${typeIdParam}`);

  const { market, marketState, options } = ctx.server;
  const state = marketState();
  const atMs = state.lastModified.getTime();
  const filtered = orderType !== 'all' || typeId !== null;
  let pages: number;
  let render: () => EsiMarketOrder[];
  if (!filtered) {
    pages = market.pageCount(regionId);
    render = () => market.page(regionId, page, state.epoch, atMs);
  } else {
    const all = market
      .book(regionId, state.epoch, atMs)
      .filter(
        (o) => (orderType === 'all' || o.is_buy_order === (orderType === 'buy')) && (typeId === null || o.type_id === typeId),
      );
    pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
    render = () => all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  }
  if (page > pages) return bad(404, 'Requested page does not exist!');
  return {
    body: render,
    etagKey: `orders:${options.seed}:${regionId}:${state.epoch}:${market.orderCount(regionId)}:${orderType}:${typeId}:${page}`,
    expires: state.expires,
    lastModified: state.lastModified,
    pages,
  };
}

function historyRoute(ctx: RouteContext): RouteResult {
  const regionId = Number(ctx.params[0]);
  if (!validRegion(regionId)) return bad(404, 'Region not found!');
  const typeIdParam = ctx.query.get('type_id');
  if (typeIdParam === null) return bad(400, 'Missing required query parameter: type_id');
  const typeId = Number(typeIdParam);
  if (!Number.isInteger(typeId) || typeId <= 0) return bad(400, `Invalid type_id: ${typeIdParam}`);
  const { market, options } = ctx.server;
  if (!market.catalog.byId.has(typeId)) return bad(404, 'Type not found!');
  const day = Math.floor(ctx.nowMs / DAY_MS);
  return {
    body: () => market.history(regionId, typeId, ctx.nowMs, options.historyDays),
    etagKey: `history:${options.seed}:${regionId}:${typeId}:${day}:${options.historyDays}`,
    expires: new Date(ctx.nowMs + options.historyCacheSeconds * 1000),
    lastModified: new Date(day * DAY_MS),
  };
}

function bucketed(ctx: RouteContext, seconds: number): { start: number; expires: Date } {
  const period = Math.max(1, seconds) * 1000;
  const start = Math.floor(ctx.nowMs / period) * period;
  return { start, expires: new Date(seconds > 0 ? start + period : ctx.nowMs) };
}

function pricesRoute(ctx: RouteContext): RouteResult {
  const { market, options } = ctx.server;
  const { start, expires } = bucketed(ctx, options.pricesCacheSeconds);
  return {
    body: () => market.prices(start),
    etagKey: `prices:${options.seed}:${start}`,
    expires,
    lastModified: new Date(start),
  };
}

function industryRoute(ctx: RouteContext): RouteResult {
  const { market, options } = ctx.server;
  const { expires } = bucketed(ctx, options.industryCacheSeconds);
  return {
    body: () => market.industrySystems(),
    etagKey: `industry:${options.seed}`,
    expires,
    lastModified: new Date(ctx.server.startedAt),
  };
}

export function marketRoutes(): FakeRoute[] {
  return [
    { name: 'markets.orders', method: 'GET', pattern: /^\/markets\/(\d+)\/orders$/, handle: ordersRoute },
    { name: 'markets.history', method: 'GET', pattern: /^\/markets\/(\d+)\/history$/, handle: historyRoute },
    { name: 'markets.prices', method: 'GET', pattern: /^\/markets\/prices$/, handle: pricesRoute },
    { name: 'industry.systems', method: 'GET', pattern: /^\/industry\/systems$/, handle: industryRoute },
  ];
}
