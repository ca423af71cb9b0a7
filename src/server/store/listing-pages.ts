// Pages of the edge-device listing of one scope, in listing order (created_on, then uuid), found by walking
// the created_on index: the page's keys alone (the index covers them), or its whole rows in the same walk.
import type Database from 'better-sqlite3';
import { SCOPE_CTE } from './scope.js';
import { prepared } from './sqlite.js';

interface Key {
  uuid: string;
  created_on: number;
}

// Clients read a listing page after page; remembering where each served page ended lets the next page
// seek there instead of skipping every entry before it. Any write (here or, via data_version, by another
// connection to the file) forgets it all.
const MAX_REMEMBERED = 10_000;
/** One key in STRIDE of a listing is kept once a page that deep is asked for (500 keys per 100,000). */
const STRIDE = 200;
/** How many pages back a page end is looked for before the marks. */
const NEAR_PAGES = 8;

/** `columns`: the edge_devices columns a page of rows holds, in this order (uuid and created_on among them). */
export function listingPages(db: Database.Database, columns: readonly string[]) {
  let writes = 0;
  let cacheVersion = '';
  const pageEnds = new Map<string, Key>();
  // Every STRIDE-th key of each listing asked for deep: a page anywhere seeks from the nearest one.
  const marks = new Map<string, Key[]>();
  // Each listing's count (X-Total-Count), asked for with every page.
  const counts = new Map<string, number>();
  // Facts about the tables a caller asks to keep while nothing is written (remembered()).
  const facts = new Map<string, unknown>();
  // Whether a scope holds every organization, and so every device (each belongs to one, a foreign key): its
  // listing is then the whole table's, with no scope check on each entry walked (a third of a page's read).
  const whole = new Map<string, boolean>();
  // Prepared once: db.pragma() prepares its statement anew on every call.
  const dataVersion = prepared(() =>
    db.prepare<[], number>('SELECT data_version FROM pragma_data_version').pluck(),
  );
  // Set while one read has checked the version already (checked()): the version cannot change under it.
  let held = false;
  const fresh = () => {
    if (held) return;
    const version = `${writes}:${dataVersion().get()}`;
    if (version !== cacheVersion) {
      cacheVersion = version;
      pageEnds.clear();
      marks.clear();
      counts.clear();
      whole.clear();
      facts.clear();
    }
  };
  // Keys from the covering index alone, or whole rows (raw, in `columns` order) read in the same walk; of the
  // caller's scope, or of the whole table (see holdsAll).
  const select = (what: string, raw: boolean, scoped: boolean) => {
    const cte = scoped ? SCOPE_CTE : '';
    const inScope = scoped ? ['d.org_uuid IN (SELECT uuid FROM scope)'] : [];
    const where = (terms: string[]) => (terms.length ? `WHERE ${terms.join(' AND ')}` : '');
    const first = prepared(() =>
      db
        .prepare<[{ root: string; limit: number; offset: number }], unknown>(
          `${cte} SELECT ${what} FROM edge_devices d INDEXED BY edge_devices_by_created ${where(inScope)}
        ORDER BY d.created_on, d.uuid LIMIT @limit OFFSET @offset`,
        )
        .raw(raw),
    );
    // The same page found by seeking past a known key (the previous page's last, or the nearest mark): at
    // most STRIDE entries to skip.
    const after = prepared(() =>
      db
        .prepare<[{ root: string; limit: number; skip: number; created: number; uuid: string }], unknown>(
          `${cte} SELECT ${what} FROM edge_devices d INDEXED BY edge_devices_by_created
        ${where(['(d.created_on, d.uuid) > (@created, @uuid)', ...inScope])}
        ORDER BY d.created_on, d.uuid LIMIT @limit OFFSET @skip`,
        )
        .raw(raw),
    );
    return { first, after };
  };
  const pair = (what: string, raw: boolean) => ({
    scoped: select(what, raw, true),
    all: select(what, raw, false),
  });
  const keyQueries = pair('d.uuid, d.created_on', false);
  const rowQueries = pair(columns.map((c) => `d.${c}`).join(', '), true);
  const uuidAt = columns.indexOf('uuid');
  const createdAt = columns.indexOf('created_on');
  const markKeys = prepared(() =>
    db.prepare<[{ root: string; stride: number }], Key>(
      `${SCOPE_CTE} SELECT uuid, created_on FROM (
      SELECT d.uuid, d.created_on, row_number() OVER (ORDER BY d.created_on, d.uuid) AS n
      FROM edge_devices d INDEXED BY edge_devices_by_created WHERE d.org_uuid IN (SELECT uuid FROM scope)
    ) WHERE n % @stride = 0 ORDER BY n`,
    ),
  );
  /**
   * The nearest known key before `offset` and how many entries lie between: from a page end (this page's
   * start, or a few pages' of `limit` before it) or a mark.
   */
  function seekFrom(root: string, offset: number, limit: number): { after: Key; skip: number } | undefined {
    if (offset <= 0) return undefined;
    // A client asking for several pages at once (--parallel) may have one served before the page before
    // it: an end a few pages back is nearer than reading every mark of a listing of any length.
    for (let back = 0; back <= NEAR_PAGES && offset - back * limit > 0; back++) {
      const end = pageEnds.get(`${root}:${offset - back * limit}`);
      if (end) return { after: end, skip: back * limit };
    }
    if (offset < STRIDE) return undefined;
    let list = marks.get(root);
    if (!list) {
      // One pass over the index per data version, instead of one per deep page.
      list = markKeys().all({ root, stride: STRIDE });
      marks.set(root, list);
    }
    const i = Math.min(Math.floor(offset / STRIDE), list.length);
    // list[i - 1] is the key at position i * STRIDE - 1 (0-based).
    return i === 0 ? undefined : { after: list[i - 1]!, skip: offset - i * STRIDE };
  }
  // The counts the triggers keep (migration 3): work that grows with the organizations, not the devices.
  const scopeCount = prepared(() =>
    db.prepare<[{ root: string }], { n: number }>(
      `${SCOPE_CTE} SELECT coalesce(sum(n), 0) AS n FROM org_device_counts
      WHERE org_uuid IN (SELECT uuid FROM scope)`,
    ),
  );

  const holdsAll = prepared(() =>
    db
      .prepare<[{ root: string }], number>(
        `${SCOPE_CTE} SELECT (SELECT count(DISTINCT uuid) FROM scope) = (SELECT count(*) FROM organizations)`,
      )
      .pluck(),
  );

  /** One page through either pair of queries, seeking from the nearest known key and remembering its end. */
  function page<R>(
    queries: ReturnType<typeof pair>,
    keyOf: (row: R) => Key,
    root: string,
    limit: number,
    offset: number,
  ): R[] {
    fresh();
    let all = whole.get(root);
    if (all === undefined) {
      all = holdsAll().get({ root }) === 1;
      whole.set(root, all);
    }
    const q = all ? queries.all : queries.scoped;
    const from = seekFrom(root, offset, limit);
    const rows = (
      from
        ? q
            .after()
            .all({ root, limit, skip: from.skip, created: from.after.created_on, uuid: from.after.uuid })
        : q.first().all({ root, limit, offset })
    ) as R[];
    const last = rows[rows.length - 1];
    if (last && rows.length === limit) {
      if (pageEnds.size >= MAX_REMEMBERED) pageEnds.clear();
      pageEnds.set(`${root}:${offset + limit}`, keyOf(last));
    }
    return rows;
  }

  return {
    /** Any write through this connection forgets what was remembered. */
    written: () => {
      writes++;
      held = false;
    },
    /**
     * Runs `fn` (inside one read transaction) with the version checked once: a page, its records and its
     * count each asked for it, a statement apiece (some 8 us each, a twentieth of a 100-device page).
     */
    checked<T>(fn: () => T): T {
      fresh();
      held = true;
      let out: T;
      try {
        out = fn();
      } catch (err) {
        held = false;
        throw err;
      }
      // An async read (the port's) holds the version until it ends: its transaction sees one snapshot, and no
      // other request writes on this connection meanwhile (sqlite-store.ts takes turns).
      if (out instanceof Promise) return out.finally(() => (held = false)) as T;
      held = false;
      return out;
    },
    /** The keys of one page of the caller's listing, in order. */
    pageKeys(root: string, limit: number, offset: number): string[] {
      return page(keyQueries, (k: Key) => k, root, limit, offset).map((k) => k.uuid);
    },
    /** The rows of one page of the caller's listing, in order: arrays of `columns`. */
    pageRows(root: string, limit: number, offset: number): unknown[][] {
      const keyOf = (r: unknown[]) => ({ uuid: r[uuidAt] as string, created_on: r[createdAt] as number });
      return page(rowQueries, keyOf, root, limit, offset);
    },
    /** What `compute` gives, computed again only once something was written since. */
    remembered<T>(key: string, compute: () => T): T {
      fresh();
      if (!facts.has(key)) facts.set(key, compute());
      return facts.get(key) as T;
    },
    countInScope(root: string): number {
      fresh();
      let n = counts.get(root);
      if (n === undefined) {
        n = scopeCount().get({ root })!.n;
        counts.set(root, n);
      }
      return n;
    },
  };
}
