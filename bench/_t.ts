import { startEmbeddedMongo } from '../tools/embedded-mongo/src/index';
import { SdeImportService } from '../backend/dist/game-data/sde-import.service';
import { AppraisalService } from '../backend/dist/appraisal/appraisal.service';
import { benchApp } from './support/app';
import { readFileSync } from 'node:fs';
(async () => {
  const mongo = await startEmbeddedMongo({ port: 0 });
  const running = await benchApp(mongo.uri, 'bench_t', { rateLimitScale: 1000 });
  await running.app.get(SdeImportService).importNow();
  const { text } = JSON.parse(readFileSync('/tmp/exp/data.json', 'utf8'));
  const service = running.app.get(AppraisalService);
  for (let i = 0; i < 15; i++) await service.appraise({ appraisal: text, hub: 2 });
  const T = (global as any).__T.slice(3) as number[][];
  const names = ['limits', 'hasData+index', 'parse+resolve', 'prices+map', 'gzippedJson', 'insert'];
  names.forEach((n, j) => { const v = T.map((t) => t[j]).sort((a, b) => a - b); console.log(n.padEnd(16), v[v.length >> 1].toFixed(1)); });
  await running.close(); await mongo.close();
})();
