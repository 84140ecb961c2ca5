/**
 * The demo pilots' game jobs the browser tests use, one owner each. The demo app is shared by all
 * e2e files (one process, e2e/global-setup.ts) and its ESI stand-in gives each demo pilot a fixed
 * set of industry jobs (tools/fake-esi FakeCorpData: a Helium Fuel Block job and a Hobgoblin I job
 * each). A game job counts once in any project, for good: a test that claims one uses it up, and a
 * test that lists one needs it unclaimed. So each test takes its own (pilot, product) from here and
 * no two tests share one; then they pass in any order and alone.
 */
import { DEMO_INDUSTRY } from '../../tools/fake-esi/src/corp-routes';

export interface DemoGameJob {
  /** The demo account whose character has the job. */
  account: string;
  /** What the job builds, and from which blueprint (a project job of the same pair lists it). */
  product: number;
  blueprint: number;
}

export const DEMO_GAME_JOBS = {
  /** e2e/keyboard.e2e.ts claims it (and so uses it up). */
  keyboardClaim: {
    account: 'demo_industrialist',
    product: DEMO_INDUSTRY.hobgoblin.typeId,
    blueprint: DEMO_INDUSTRY.hobgoblin.blueprintTypeId,
  },
  /** e2e/ux.e2e.ts lists it in the claim panel (never claims it). */
  uxClaimPanel: {
    account: 'demo_industrialist',
    product: DEMO_INDUSTRY.fuelBlock.typeId,
    blueprint: DEMO_INDUSTRY.fuelBlock.blueprintTypeId,
  },
} as const satisfies Record<string, DemoGameJob>;

const owners = Object.values(DEMO_GAME_JOBS).map((j) => `${j.account}:${j.product}`);
if (new Set(owners).size !== owners.length) throw new Error(`two e2e tests share a demo game job: ${owners.join(', ')}`);
