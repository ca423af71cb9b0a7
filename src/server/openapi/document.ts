// The OpenAPI 3.1 document of the interface, generated from the routes and the zod schemas the server
// validates with (npm run openapi writes docs/openapi.json; a test keeps the two equal).
import { REPORT_FILE_TYPES, REPORT_TEMPLATES } from '../../domain/report-kinds.js';
import { API_ROUTES } from '../routes/index.js';
import { operation } from './operations.js';
import { allComponents, usedComponents } from './schemas.js';

type Json = Record<string, unknown>;

/** What the interface fixes that the record schemas leave open (the server answers CCP-RM-002 otherwise). */
function refine(components: Record<string, Json>): void {
  const report = components.ReportRequest?.properties as Record<string, Json> | undefined;
  if (report) {
    report.templateKey = {
      type: 'string',
      enum: [...REPORT_TEMPLATES],
      description: 'The report to render',
    };
    report.fileType = { type: 'string', enum: [...REPORT_FILE_TYPES], description: 'The file format' };
  }
}

const DESCRIPTION = `The interface of the edge-device service, as the \`ccp\` embedded server implements it.

Every body is a JSON envelope \`{data, metadata}\`; answers add \`statusCode\` and, on failure, \`reason\`
(\`<CODE> <text>\`, validation errors followed by the field path). A client must treat any \`statusCode\`
other than \`OK\` as a failure, whatever the HTTP status: some operations report their own failures with
HTTP 200 (each operation's 200 answer lists them).

Requests carry \`Authorization: Bearer <token>\`; each operation lists the roles that may call it (\`x-roles\`).
Request bodies are sent as \`Content-Type: application/json\`. Unknown fields in records are ignored.
The server also serves this document at \`/openapi.json\` and a reference page at \`/docs\`.`;

/** OpenAPI 3.1 description of the interface, built from the routes and the domain schemas. */
export function openApiDocument(): object {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of API_ROUTES) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
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
