/**
 * `npm run deploy:generate` — writes docker-compose.yml and deploy/nginx.conf from
 * deploy/topology.ts (the one description of the production topology).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { composeFile, composeNginxConf } from './topology';

export const GENERATED = {
  [resolve(__dirname, '..', 'docker-compose.yml')]: composeFile,
  [resolve(__dirname, 'nginx.conf')]: composeNginxConf,
};

if (require.main === module) {
  for (const [file, make] of Object.entries(GENERATED)) {
    writeFileSync(file, make());
    console.log(`written ${file}`);
  }
}
