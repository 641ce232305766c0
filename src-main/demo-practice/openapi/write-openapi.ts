/** `npm run openapi`: writes docs/openapi.json from the route table (a test fails if it is stale). */
import { writeFileSync } from 'node:fs';
import { apiRoutes } from '../routes/index';
import { buildOpenApi } from './build-openapi';

const target = new URL('../../../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApi(apiRoutes), null, 2)}\n`);
console.log(`Wrote ${target.pathname}`);
