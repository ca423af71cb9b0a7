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

interface OutsideSchema {
  in: 'path' | 'body';
  name: string;
  statusCode: string;
  reads: object;
}
interface Operation {
  parameters?: { name: string; in: string; schema: { type?: string } }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<
    string,
    { content?: Record<string, { schema?: unknown }>; 'x-outside-schema'?: OutsideSchema[] }
  >;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const DOC_ID = 'openapi.json';
let doc: Document | undefined;
let ajv: Ajv2020 | undefined;
// Every error of a request, for requestVerdict (the answers' checks stop at the first).
let ajvAll: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function load(): { doc: Document; ajv: Ajv2020 } {
  if (!doc || !ajv) {
    doc = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as Document;
    // The document is one schema resource, so its `#/components/schemas/...` references resolve in place.
    ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(doc as object, DOC_ID);
    ajvAll = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajvAll);
    ajvAll.addSchema(doc as object, DOC_ID);
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
 * What the document says of a request (its path and body): admitted; or refused, where every value outside
 * the schema is one the operation's 200 answer names in `x-outside-schema` (the value inside the schema it
 * `reads` with, or missing), the HTTP-200 code it gets; or refused with no such code, a 4xx.
 */
export function requestVerdict(
  method: string,
  url: string,
  body?: unknown,
): { admits: true } | { admits: false; answeredWith?: string } {
  load();
  const v = ajvAll as Ajv2020;
  const found = operationFor(method, url);
  if (!found) throw new Error(`${method} ${url}: the document has no operation for it`);
  const outside = found.operation.responses['200']?.['x-outside-schema'] ?? [];
  const codes: string[] = [];
  let refused = false;
  const covered = (where: 'path' | 'body', name: string, value: unknown, missing: boolean) => {
    const entry = outside.find((o) => o.in === where && o.name === name);
    if (entry && (missing || v.validate(entry.reads, value))) codes.push(entry.statusCode);
    else refused = true;
  };
  // The path's parameters, each against its schema (a number where the schema says integer).
  const parts = new URL(url, 'http://localhost').pathname.split('/').filter(Boolean);
  found.template
    .split('/')
    .filter(Boolean)
    .forEach((seg, i) => {
      if (!seg.startsWith('{')) return;
      const name = seg.slice(1, -1);
      const param = found.operation.parameters?.find((p) => p.in === 'path' && p.name === name);
      const raw = decodeURIComponent(parts[i] ?? '');
      const value = param?.schema.type === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
      if (!param || !v.validate(param.schema, value)) covered('path', name, value, false);
    });
  if (body !== undefined) {
    const ref = `${DOC_ID}#/${pointer('paths', found.template, found.m, 'requestBody', 'content', 'application/json', 'schema')}`;
    if (!v.validate({ $ref: ref }, body)) {
      for (const e of v.errors ?? []) {
        // A record's field as x-outside-schema names it: /data/0/templateKey is data[].templateKey.
        const missing = e.keyword === 'required';
        const path = missing ? `${e.instancePath}/${e.params.missingProperty}` : e.instancePath;
        const name = path
          .replace(/^\//, '')
          .replace(/\/\d+(?=\/|$)/g, '[]')
          .replace(/\//g, '.');
        const value = path
          .split('/')
          .slice(1)
          .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], body);
        covered('body', name, value, missing);
      }
    }
  }
  if (!refused && codes.length === 0) return { admits: true };
  return refused || new Set(codes).size !== 1 ? { admits: false } : { admits: false, answeredWith: codes[0] };
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
