/**
 * The one entry of demo mode: bootstrap imports this file (dynamically) only when APP_MODE=demo,
 * so production runs never load demo code or the stand-ins (tools/fake-esi).
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { DemoStandIns } from './demo-stand-ins';
import { DemoSeedService } from './demo-seed.service';

export { DemoModule } from './demo.module';
export { startDemoStandIns, type DemoStandIns } from './demo-stand-ins';

/** Once the app runs: with the local SSO, the demo accounts get their characters (idempotent). */
export async function afterDemoStart(app: INestApplicationContext, standIns: DemoStandIns): Promise<void> {
  if (standIns.sso) await app.get(DemoSeedService).seedCharacters();
}
