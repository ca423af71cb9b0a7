// `ccp status` for people: a line a check.
import { oneLine } from '../../output/terminal-text.js';
import type { RecordCounts } from '../../server/index.js';

export interface TlsStatus {
  ok: boolean;
  protocol: string | null;
  issuer: string | null;
  verified: boolean;
  expires: string | null;
  daysLeft: number | null;
}

export interface Status {
  ok: boolean;
  target: string;
  profile: string;
  reachable: { ok: boolean; ms: number | null; error?: string; hint?: string };
  tls?: TlsStatus;
  /**
   * The organization and role the credentials act for: read from the embedded default's own store; a
   * remote service's interface does not say (null, with the reason in `note`).
   */
  actsFor: {
    organization: { uuid: string; name: string | null } | null;
    role: string | null;
    note?: string;
  };
  credentials: {
    ok: boolean;
    source: string | null;
    scheme: string;
    detail: string;
    /** Where the secret is kept: the credential store, the config file, or not kept (a flag, a variable). */
    kept: string | null;
  };
  clock?: { ok: boolean; skewMs: number | null };
  timeZone: string;
  /** The connection settings in effect and where each came from; secrets by source only. */
  settings: Array<{ key: string; value: string; from: string }>;
  database?: {
    ok: boolean;
    /** The file, or `host:port/database`: never a password. */
    path: string;
    /** The file's size; null for a PostgreSQL database. */
    sizeBytes: number | null;
    /** The engine and its version: `PostgreSQL 15.18`, `SQLite 3.50.2`. */
    engine: string;
    /** Null when the database is wrong in a way that keeps them from being counted (`integrity` says how). */
    counts: Record<keyof RecordCounts, number> | null;
    integrity: string;
  };
}

/** Each kind's count in words: "304 edge devices, 61 flows, 1 token". */
const NOUNS: Record<keyof RecordCounts, [string, string]> = {
  organizations: ['organization', 'organizations'],
  edgeDevices: ['edge device', 'edge devices'],
  edgeFlows: ['flow', 'flows'],
  codeTypes: ['code type', 'code types'],
  codes: ['code', 'codes'],
  licenses: ['license', 'licenses'],
  notifications: ['notification', 'notifications'],
  tokens: ['token', 'tokens'],
};

/** The status for people: a line a check (the output layer folds each to the terminal's width). */
export function human(s: Status, width: number): string[] {
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  // What the service, its certificate or a file said stays on its check's line.
  const t1 = (text?: string | null) => (text ? oneLine(text) : text);
  const lines = [`${s.target} (profile ${s.profile})`];
  lines.push(
    `  ${mark(s.reachable.ok)} ${s.reachable.ok ? `answers in ${s.reachable.ms} ms` : `does not answer: ${t1(s.reachable.error)}`}`,
  );
  if (s.reachable.hint) lines.push(`    hint: ${t1(s.reachable.hint)}`);
  if (s.tls) {
    const t = s.tls;
    lines.push(
      t.protocol
        ? `  ${mark(t.ok)} TLS ${t.protocol}, issuer ${t1(t.issuer) ?? 'unknown'}${t.verified ? '' : ' (NOT verified: --insecure)'}, ${t.daysLeft !== null && t.daysLeft >= 0 ? `expires in ${t.daysLeft} days` : 'expired'}`
        : `  ${mark(false)} TLS: no connection`,
    );
  }
  lines.push(
    `  ${mark(s.credentials.ok)} credentials ${t1(s.credentials.detail)} (${s.credentials.scheme}, from ${s.credentials.source ?? 'nowhere'})`,
  );
  const a = s.actsFor;
  lines.push(
    a.organization
      ? `  acts for organization ${a.organization.name ?? '(no name)'} (${a.organization.uuid}) as ${a.role}`
      : `  acts for: unknown (${a.note})`,
  );
  const kept = s.credentials.kept;
  lines.push(
    kept === null
      ? '  secret: none set'
      : `  secret ${kept.startsWith('not kept') ? kept : `kept in ${kept}`}`,
  );
  if (s.clock) {
    lines.push(
      `  ${mark(s.clock.ok)} clock ${s.clock.skewMs === null ? 'skew unknown (no Date header)' : `skew ${(s.clock.skewMs / 1000).toFixed(1)} s against the service`}`,
    );
  }
  lines.push(`  ✓ time zone sent: ${s.timeZone}`);
  if (s.settings.length > 0) lines.push('  settings:');
  for (const c of s.settings) lines.push(`    ${c.key}: ${t1(c.value)} (from ${c.from})`);
  if (s.database) {
    const d = s.database;
    const counts = Object.entries(d.counts ?? {}).map(
      ([k, n]) => `${n} ${NOUNS[k as keyof RecordCounts][n === 1 ? 0 : 1]}`,
    );
    const size = d.sizeBytes === null ? d.engine : `${(d.sizeBytes / 1024).toFixed(0)} KiB`;
    lines.push(`  ${mark(d.ok)} database ${d.path} (${size})`);
    // Folded between counts, never inside one ("4 code types").
    const room = Number.isFinite(width) && width > 0 ? width : Number.POSITIVE_INFINITY;
    let line = '   ';
    for (const [i, count] of counts.entries()) {
      const item = ` ${count}${i < counts.length - 1 ? ',' : ''}`;
      if (line.length > 3 && line.length + item.length > room) {
        lines.push(line);
        line = '   ';
      }
      line += item;
    }
    if (counts.length > 0) lines.push(line);
    lines.push(`  ${mark(d.ok)} integrity check: ${t1(d.integrity)}`);
  }
  return lines;
}
