import { bootstrap } from './bootstrap';
import { ConfigError } from './common/config/config';
import { DataDirLockedError } from './common/database/database';
import { SdeImportService } from './game-data/sde-import.service';

async function main(): Promise<void> {
  const running = await bootstrap();
  const shown = running.config.publicUrl ?? `http://localhost:${new URL(running.url).port}`;
  console.log(`EVE Toolkit ${running.config.version} запущен: ${shown}${running.config.demo ? ' (демо-режим)' : ''}`);
  // Game data: imported at the first start (and when the SDE build changes); the app already serves meanwhile.
  // Its end is GAME_DATA_EVENTS.ready (demo mode then fills the demo corporation).
  void running.app.get(SdeImportService).autoImport((m) => console.log(m));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: останавливаюсь...`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Не удалось запустить приложение:', err);
  }
  process.exit(1);
});
