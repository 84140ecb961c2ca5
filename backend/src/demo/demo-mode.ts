/**
 * The one entry of demo mode: bootstrap imports this file (dynamically) only when APP_MODE=demo,
 * so production runs never load demo code or the stand-ins (tools/fake-esi).
 */
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { ADMIN_EVENTS } from '../admin/admin.events';
import { demoCharacterStory } from './demo-character-story';
import { demoPilotSkills } from './demo-pilot-skills';
import type { DemoStandIns } from './demo-stand-ins';
import { DemoSeedService } from './demo-seed.service';

export { DemoModule } from './demo.module';
export { startDemoStandIns, type DemoStandIns } from './demo-stand-ins';

/**
 * Once the app runs: with the local SSO, the demo accounts get their characters (idempotent);
 * after the first finished run of the scheduled character checks, the stand-in changes two demo
 * pilots so that the next run («Проверить всех сейчас») has something to flag.
 */
export async function afterDemoStart(app: INestApplicationContext, standIns: DemoStandIns): Promise<void> {
  const sso = standIns.sso;
  if (!sso) return;
  demoPilotSkills(sso);
  await app.get(DemoSeedService).seedCharacters();
  app.get(EventEmitter2).once(ADMIN_EVENTS.characterChecksFinished, () => {
    new Logger('Demo').log(demoCharacterStory(sso));
  });
}
