// The OpenAPI 3.1 document of the interface, generated from the routes and the zod schemas the server
// validates with (npm run openapi writes docs/openapi.json; a test keeps the two equal).
import { REPORT_FILE_TYPES, REPORT_TEMPLATES } from '../../domain/report-kinds.js';
import { bodySchema } from '../routes/bodies.js';
import { API_ROUTES } from '../routes/index.js';
import { operation } from './operations.js';
import { allComponents, usedComponents } from './schemas.js';

type Json = Record<string, unknown>;

const known = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');

/**
 * A report request as a valid one is: its template and file type required, each one of the values the
 * server knows. The server reads both as open text (zod) and answers a value outside them with HTTP 200 and
 * CCP-RM-002 (decisions.md), which the operation's 200 answer names (`x-outside-schema`).
 */
function refine(components: Record<string, Json>): void {
  const report = components.ReportRequest as { properties?: Record<string, Json>; required?: string[] };
  if (!report?.properties?.templateKey || !report.properties.fileType)
    throw new Error('openapi: ReportRequest lost its keys');
  const outside = 'Missing, or any other text: answered with HTTP 200 and `CCP-RM-002`';
  report.properties.templateKey = {
    type: 'string',
    enum: [...REPORT_TEMPLATES],
    description: `The report to render: one of ${known(REPORT_TEMPLATES)}. ${outside}`,
  };
  report.properties.fileType = {
    type: 'string',
    enum: [...REPORT_FILE_TYPES],
    description: `The file format: one of ${known(REPORT_FILE_TYPES)}. ${outside}`,
  };
  report.required = [...new Set([...(report.required ?? []), 'templateKey', 'fileType'])];
}

const DESCRIPTION = `The interface of the edge-device service, as the \`ccp\` embedded server implements it.

Every body is a JSON envelope \`{data, metadata}\`; answers add \`statusCode\` and, on failure, \`reason\`
(\`<CODE> <text>\`, validation errors followed by the field path). A client must treat any \`statusCode\`
other than \`OK\` as a failure, whatever the HTTP status: some operations report their own failures with
HTTP 200 (each operation's 200 answer lists them). Where the operation checks a value itself and answers one
outside its schema with such an error rather than a 406 (a report's \`templateKey\` and \`fileType\` not among
their values, a path's organization or user uuid that is not a uuid), the schema still says what a valid
request holds, and the operation's 200 answer names the code that value gets (in words, and as
\`x-outside-schema\`: \`in\`, \`name\`, \`statusCode\`, and \`reads\`, the schema the server reads the value with,
outside which it is a 406 as usual). Org update's \`uuid\` is open text, its form described.

Timestamps: a date or time that does not exist (\`2026-13-45T10:00\`) is refused with 406 \`CCP-BV-001\` naming
the field, by every operation, in the created/updated timestamps too; those the server sets, ignoring a
valid one a client sends.

Requests carry \`Authorization: Bearer <token>\`; each operation lists the roles that may call it (\`x-roles\`).
Request bodies are sent as \`Content-Type: application/json\`. Unknown fields in records are ignored.
The server also serves this document at \`/openapi.json\` and a reference page at \`/docs\`.`;

/** OpenAPI 3.1 description of the interface, built from the routes and the domain schemas. */
export async function openApiDocument(): Promise<object> {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of API_ROUTES) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    const body = route.body ? await bodySchema(route.body) : undefined;
    paths[path][route.method.toLowerCase()] = operation(route, body);
  }
  const all = allComponents();
  refine(all);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Edge device, organization, code and notification service',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:8080', description: '`ccp server start` with its defaults' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: usedComponents(paths, all),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'A `ccp_…` token (`ccp server token create`)',
        },
      },
    },
  };
}
