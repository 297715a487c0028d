import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOpenApiDocument } from '../rest/openapi.js';

/** Writes docs/api/openapi.json, the committed REST reference (a test keeps it in step). */
export const OPENAPI_FILE = resolve(import.meta.dirname, '../../../../docs/api/openapi.json');
export const renderOpenApi = () => `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(OPENAPI_FILE, renderOpenApi());
  console.log(`Wrote ${OPENAPI_FILE}`);
}
