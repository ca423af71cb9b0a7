// Writes docs/openapi.json from the routes and the domain schemas (npm run openapi).
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../src/server/openapi/document.js';

const target = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${target.pathname}\n`);
