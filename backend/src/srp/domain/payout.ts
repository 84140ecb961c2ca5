/**
 * The payout a corporation's rule suggests for a loss (the SRP manager may change it): a share of
 * the loss value, or a fixed amount for the doctrine fit the loss matched (a loss matching no
 * priced fit falls back to the share), optionally minus the hull's Platinum insurance payout.
 * Never below 0; whole ISK. Null when the rule needs the value and the value is unknown.
 */
export interface PayoutRule {
  rule: 'share' | 'fixed';
  /** 0…1 */
  share: number;
  /** Fit id -> ISK. */
  fixed: Readonly<Record<string, number>>;
  minusInsurance: boolean;
}

export interface PayoutInput {
  lossValue: number | null;
  /** The doctrine fit the loss matched exactly or partially, if any. */
  fitId: string | null;
  /** The hull's Platinum payout; null when ESI has none (an uninsurable hull pays nothing). */
  insurance: number | null;
}

export function suggestPayout(rule: PayoutRule, input: PayoutInput): number | null {
  const fixed = rule.rule === 'fixed' && input.fitId !== null ? rule.fixed[input.fitId] : undefined;
  const base = fixed !== undefined ? fixed : input.lossValue === null ? null : input.lossValue * rule.share;
  if (base === null) return null;
  const less = rule.minusInsurance ? (input.insurance ?? 0) : 0;
  return Math.max(0, Math.round(base - less));
}

/** ESI `GET /insurance/prices/`: one row per insurable ship type. */
export interface EsiInsurancePrice {
  type_id: number;
  levels: { cost: number; name: string; payout: number }[];
}

/** The Platinum level's payout for `shipTypeId`, or null when ESI lists none. */
export function platinumPayout(prices: readonly EsiInsurancePrice[], shipTypeId: number): number | null {
  const row = prices.find((p) => p.type_id === shipTypeId);
  const level = row?.levels?.find((l) => l.name === 'Platinum');
  return level && Number.isFinite(level.payout) && level.payout >= 0 ? level.payout : null;
}
