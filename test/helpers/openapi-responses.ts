/**
 * Checks a server answer against docs/openapi.json: the operation its method and path name, the status, and
 * the body against that status's schema. An answer the document does not describe is an error, so a response
 * that drifts from the document fails the test that received it.
 *
 * Requests the document has no operation for (an unknown path or method, /openapi.json, /docs) are not
 * checked. Set CCP_OPENAPI_TALLY to a file path to get one line per checked answer (for counting).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: the plugin is its `default` under NodeNext typing, the module itself at run time.
type Plugin = (ajv: Ajv2020) => void;
const formats = addFormatsModule as unknown as Plugin & { default?: Plugin };
const addFormats: Plugin = formats.default ?? formats;

interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const DOC_ID = 'openapi.json';
let doc: Document | undefined;
let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function load(): { doc: Document; ajv: Ajv2020 } {
  if (!doc || !ajv) {
    doc = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as Document;
    // The document is one schema resource, so its `#/components/schemas/...` references resolve in place.
    ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(doc as object, DOC_ID);
  }
  return { doc, ajv };
}

/** The document's path template for a request path: the one with the most literal segments that matches. */
function matchPath(paths: string[], pathname: string): string | undefined {
  const parts = pathname.split('/').filter(Boolean);
  let best: { path: string; literals: number } | undefined;
  for (const path of paths) {
    const segs = path.split('/').filter(Boolean);
    if (segs.length !== parts.length) continue;
    let literals = 0;
    const ok = segs.every((s, i) => {
      if (s.startsWith('{')) return true;
      literals++;
      return s === parts[i];
    });
    if (ok && (!best || literals > best.literals)) best = { path, literals };
  }
  return best?.path;
}

const pointer = (...keys: string[]) => keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The document's operation for a request, with its path template; undefined when it has none. */
function operationFor(method: string, url: string) {
  const { doc } = load();
  const pathname = new URL(url, 'http://localhost').pathname;
  const template = matchPath(Object.keys(doc.paths), pathname);
  const m = method.toLowerCase();
  const operation = template ? doc.paths[template]?.[m] : undefined;
  return template && operation ? { template, m, operation } : undefined;
}

/**
 * Whether the document's request body schema admits `body`: a client made from the document may send it, so
 * the server must answer it as the document says (a body it refuses would be a 406).
 */
export function requestAdmits(method: string, url: string, body: unknown): boolean {
  const { ajv } = load();
  const found = operationFor(method, url);
  if (!found?.operation.requestBody?.content?.['application/json']?.schema)
    throw new Error(`${method} ${url}: the document has no request body for it`);
  const ref = `${DOC_ID}#/${pointer('paths', found.template, found.m, 'requestBody', 'content', 'application/json', 'schema')}`;
  return ajv.validate({ $ref: ref }, body) as boolean;
}

/** Throws when the answer is not one the document describes; returns false when no operation applies. */
export function checkResponse(method: string, url: string, status: number, body: unknown): boolean {
  const { doc, ajv } = load();
  const pathname = new URL(url, 'http://localhost').pathname;
  const template = matchPath(Object.keys(doc.paths), pathname);
  const m = method.toLowerCase();
  const operation = template ? doc.paths[template]?.[m] : undefined;
  if (!template || !operation) return false;
  const where = `${method} ${pathname} (${m} ${template}) answered ${status}`;
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`${where}: the document lists no ${status} answer for this operation`);
  if (!response.content?.['application/json']?.schema) return true;
  const key = `${m} ${template} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const ref = `${DOC_ID}#/${pointer('paths', template, m, 'responses', String(status), 'content', 'application/json', 'schema')}`;
    validate = ajv.compile({ $ref: ref });
    compiled.set(key, validate);
  }
  if (!validate(body)) {
    const errors = ajv.errorsText(validate.errors, { separator: '; ' });
    throw new Error(
      `${where}, a body the document does not describe: ${errors}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
  if (process.env.CCP_OPENAPI_TALLY) appendFileSync(process.env.CCP_OPENAPI_TALLY, `${key}\n`);
  return true;
}
