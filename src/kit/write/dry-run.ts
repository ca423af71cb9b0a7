// --dry-run: every write prints the requests it would send, the one way.
import { buildMetadata } from '../../api/envelope-shape.js';
import type { WriteRequest } from '../../api/write-request.js';
import type { Metadata } from '../../domain/envelope.js';
import { onTerminal } from '../../output/terminal-text.js';
import type { Factory } from '../factory.js';
import type { IO } from '../io.js';

/** Where a dry run says the request would go, without starting anything. */
export interface DryRunTarget {
  baseUrl?: string;
  metadata: Metadata;
}

/** The target a dry run names: the configured base URL (none: the embedded server) and request metadata. */
export async function dryRunTarget(f: Factory): Promise<DryRunTarget> {
  const cfg = await f.config();
  return { baseUrl: cfg.baseUrl, metadata: buildMetadata({ orgUuid: cfg.org, userUuid: cfg.user }) };
}

/** The URL a dry run names: under the base URL, or the bare path on the embedded server. */
export function dryRunUrl(target: DryRunTarget, path: string): string {
  if (!target.baseUrl) return path;
  const base = target.baseUrl.endsWith('/') ? target.baseUrl : `${target.baseUrl}/`;
  return new URL(path.replace(/^\//, ''), base).toString();
}

/** A request as a dry run shows it: the envelope exactly as it would be sent (null for none). */
export interface PlannedRequest {
  method: string;
  path: string;
  envelope: unknown;
}

/**
 * Prints each request as a JSON document (method, url, envelope), one after another, so `jq` reads one or
 * many alike, then says on stderr that nothing was sent. Without a base URL the url is the path on the
 * embedded server. The one dry-run printer of every write and of `ccp api`.
 */
export function printDryRun(io: IO, target: DryRunTarget, requests: PlannedRequest[]): void {
  for (const { method, path, envelope } of requests) {
    const url = dryRunUrl(target, path);
    // A file's values (or a service's, in a URL) on a terminal: escaped the JSON way, still the same JSON.
    io.stdout.write(
      onTerminal(`${JSON.stringify({ method, url, envelope }, null, 2)}\n`, io.stdoutIsTTY, 'json'),
    );
  }
  io.note(
    `Dry run: ${requests.length} ${requests.length === 1 ? 'request' : 'requests'} printed, nothing sent.`,
  );
}

/** A write's requests through printDryRun, each envelope holding its records and the metadata. */
export function writeDryRun(io: IO, target: DryRunTarget, requests: WriteRequest[]): void {
  printDryRun(
    io,
    target,
    requests.map((req) => ({
      method: req.method,
      path: req.path,
      envelope: req.noBody
        ? null
        : { data: req.records, metadata: buildMetadata(target.metadata, req.metadata) },
    })),
  );
}
