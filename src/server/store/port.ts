// The store as one port (STYLE.md, "Two engines behind one port"): what the server asks of its records, in its
// own words, whatever engine keeps them. Each engine is an adapter that owns its driver, its SQL, its
// migrations and its bulk paths; no driver handle, SQL error code or file path crosses this line. Everything
// is async: a PostgreSQL adapter answers over a socket, and a SQLite adapter answers at once.
import type { Clock } from '../../domain/clock.js';
import type { Code, CodeType } from '../../domain/code.js';
import type { EdgeDevice, EdgeFlow, ExternalReference } from '../../domain/edge-device.js';
import type { LicenseRecord } from '../../domain/license.js';
import type { Notification, NotificationConfiguration } from '../../domain/notification.js';
import type { Organization, OrganizationOption } from '../../domain/organization.js';

// ---- Who may do what: the server's words, not the persistence layer's. ----

import { ROLES, type Role, type TokenEntry, type TokenGrant } from '../../domain/grants.js';

export { ROLES, type Role, type TokenEntry, type TokenGrant };

/** A token's id: the start of its SHA-256, known to whoever can read the database, useless to sign in with. */
export const TOKEN_ID_LENGTH = 12;

// ---- Failures by kind. ----

/**
 * What went wrong in the store, in words a handler can act on: `busy` (another writer held its locks past the
 * 10 s wait), `full` (no room left), `read-only`, `corrupt` (damaged, or not ccp's database), `constraint` (a
 * record breaks a rule: a clash of keys), `unavailable` (the database cannot be reached: gone, refused, cut,
 * timed out; retrying later may work), `auth` (the user or password was refused), `version` (the database was
 * made by a newer ccp), `missing` (the database holds no twin, and the command does not make one), `other`
 * (anything else the engine reported).
 */
export type StoreFailureKind =
  | 'busy'
  | 'full'
  | 'read-only'
  | 'corrupt'
  | 'constraint'
  | 'unavailable'
  | 'auth'
  | 'version'
  | 'missing'
  | 'other';

/**
 * A store failure. Its message is safe to log and show: it names the database as `describe()` does
 * (`host:port/database` or the file), never a password, SQL or a driver's stack.
 */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly kind: StoreFailureKind,
    message: string,
    /** The engine's own code (SQLSTATE or SQLITE_*), for the log; never shown to a client. */
    readonly engineCode?: string,
    /** A `constraint` failure of a list (importBatch): the index of the first record that broke the rule. */
    readonly index?: number,
  ) {
    super(message);
  }
}

export const isStoreError = (err: unknown): err is StoreError => err instanceof StoreError;

/** How long a write waits in all for locks another writer holds (decisions.md, "Several processes, one database"). */
export const LOCK_WAIT_MS = 10_000;

const BACKOFF_MS = [5, 10, 20, 40, 50];

/**
 * The pause before trying again at a busy lock, the store's at a transaction's start and a request's after
 * one (lock-wait.ts): 5, 10, 20, 40, then 50 ms after attempt `attempt` (from 0), never past `left` ms.
 * node:timers/promises loads when a wait first backs off, not with the store: every command opens one.
 */
export function lockBackoff(attempt: number, left: number): Promise<void> {
  const ms = Math.min(left, BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!);
  return (
    process.getBuiltinModule('node:timers/promises') as typeof import('node:timers/promises')
  ).setTimeout(ms);
}

// ---- The records. ----

/** Instants another service gave a record (server clone keeps them); absent ones are the time of the write. */
export interface Stamps {
  created?: number | undefined;
  updated?: number | undefined;
}

/** What callers need of an organization without loading it: its name and parent. */
export interface OrganizationHead {
  uuid: string;
  orgName: string | null;
  parentUuid: string | null;
}

export interface OrganizationRepository {
  get(uuid: string): Promise<OrganizationHead | undefined>;
  exists(uuid: string): Promise<boolean>;
  /** Whole records for the keys, in listing order (createdOn, uuid), with addresses and children. */
  load(uuids: readonly string[], tz: string): Promise<Organization[]>;
  /** Inserts or replaces an organization as given (fixtures, clone). */
  put(o: Organization & { uuid: string }, now: number, at?: Stamps, addressAt?: Stamps): Promise<void>;
  /** Updates the fields sent; the parent link is not changed here (the tree comes from fixtures). */
  update(uuid: string, patch: Partial<Organization>, now: number): Promise<void>;
  listChildren(parent: string, limit: number, offset: number, tz: string): Promise<Organization[]>;
  countChildren(parent: string): Promise<number>;
  /** True when `target` is `root` or below it. */
  inScope(root: string, target: string): Promise<boolean>;
  /** `root` and every organization below it. */
  scope(root: string): Promise<string[]>;
  /** The chain of ancestors as stored, nearest first, stopping at a root or a cycle (its last entry). */
  ancestors(uuid: string): Promise<string[]>;
  roots(): Promise<{ uuid: string; orgName: string | null }[]>;
  upsertOption(
    orgUuid: string,
    o: OrganizationOption & { key: string },
    uuid: string,
    now: number,
  ): Promise<void>;
  option(orgUuid: string, key: string, tz: string): Promise<OrganizationOption | undefined>;
}

/** What callers need of a device without loading it. */
export interface DeviceHead {
  uuid: string;
  orgUuid: string;
  serialNumber: string | null;
}

/** Where a device is saved: its key, its organization and the user who saved it. */
export interface Placement {
  uuid: string;
  orgUUID: string;
  userUUID?: string | null;
}

/** A position in the listing order (createdOn, then uuid): a keyset page starts after it. */
export interface ListingKey {
  createdOn: number;
  uuid: string;
}

/** A device of an import or a clone: its key and organization given. */
export type PlacedDevice = EdgeDevice & { uuid: string; orgUUID: string };

/**
 * How a batch ended: saved whole, or nothing saved because the record at `index` (in the order saved) has a
 * serial number another device of its organization holds (committed, or saved at the same time elsewhere).
 */
export type BatchOutcome = { saved: true } | { saved: false; clash: number };

/**
 * One request's devices (a bulk add): records are queued with save(), then written together by end(), so an
 * engine can write them set-wise (one statement per table for the batch, device counts summed per batch).
 */
export interface DeviceBatch {
  /** Queues `d` to be saved as the device `at` names: created when `existing` is false, else updated. */
  save(d: EdgeDevice, at: Placement, existing: boolean): void;
  /** Writes the queue. A clash leaves the transaction to be rolled back by the caller's throw. */
  end(): Promise<BatchOutcome>;
  /** The saved records, in listing order. */
  records(tz: string): Promise<EdgeDevice[]>;
}

export interface EdgeDeviceRepository {
  get(uuid: string): Promise<DeviceHead | undefined>;
  /** The device of the organization with this serial number (compared as the store keys it: NFC, trimmed). */
  bySerial(orgUuid: string, serial: string): Promise<DeviceHead | undefined>;
  /** Whole records (flows and references with them) for the keys, in listing order. */
  load(uuids: readonly string[], tz: string): Promise<EdgeDevice[]>;
  /** Inserts one device (timestamps server-set); false when its serial number is taken in the organization. */
  insert(d: PlacedDevice, now: number): Promise<boolean>;
  update(uuid: string, patch: Partial<EdgeDevice>, now: number): Promise<void>;
  /** Creates or replaces a flow by flowId; a uuid sent with it is kept while no other flow holds it. */
  upsertFlow(deviceUuid: string, f: EdgeFlow & { flowId?: string | null }, now: number): Promise<void>;
  /** Replaces a device's references; a password sent as the mask keeps whether one was set. */
  replaceReferences(deviceUuid: string, refs: readonly ExternalReference[], now: number): Promise<void>;
  touch(uuid: string, now: number): Promise<void>;
  /** One page of `root`'s scope (offset in listing order), costing the same deep as shallow. */
  page(root: string, limit: number, offset: number, tz: string): Promise<EdgeDevice[]>;
  pageKeys(root: string, limit: number, offset: number): Promise<string[]>;
  /** The page after `after` (null: the first), and the key the next one starts after (null: the last). */
  pageAfter(
    root: string,
    limit: number,
    after: ListingKey | null,
    tz: string,
  ): Promise<{ records: EdgeDevice[]; next: ListingKey | null }>;
  countInScope(root: string): Promise<number>;
  countInOrg(orgUuid: string): Promise<number>;
  batch(now: number): DeviceBatch;
  /**
   * The bulk path of `server import`: new devices stored as given (uuids kept, server stamps), existing ones
   * (by uuid) replaced; counts moved once. A serial number taken in its organization fails the whole call with
   * a `constraint` StoreError naming the index (in `list`) of the first device that clashes.
   */
  importBatch(list: readonly PlacedDevice[], now: number): Promise<void>;
  /** Stores a page of devices as another service gave them (server clone), instants kept, no password. */
  copy(
    list: readonly PlacedDevice[],
    now: number,
    instant: (v: unknown) => number | undefined,
  ): Promise<void>;
  /** A clone's refresh: the devices it listed are noted, those not noted are removed at the end. */
  readonly listed: {
    begin(): Promise<void>;
    note(uuids: readonly string[]): Promise<void>;
    dropOthers(): Promise<number>;
  };
}

export interface CodeRepository {
  typeExists(uuid: string): Promise<boolean>;
  putType(t: CodeType & { uuid: string }, now: number, at?: Stamps): Promise<void>;
  putCode(c: Code & { uuid: string }, codeTypeUuid: string | null, now: number, at?: Stamps): Promise<void>;
  listTypes(limit: number, offset: number, tz: string): Promise<CodeType[]>;
  countTypes(): Promise<number>;
  /** Whole code types for the keys, in listing order. */
  types(uuids: readonly string[], tz: string): Promise<CodeType[]>;
  code(uuid: string, tz: string): Promise<Code | undefined>;
}

export interface LicenseRepository {
  /** The license's owner, without building its record. */
  head(uuid: string): Promise<{ uuid: string; orgUuid: string | null } | undefined>;
  record(uuid: string, now: number, tz: string): Promise<LicenseRecord | undefined>;
  /** The license in `root`'s scope that a uuid (any of `uuids`), a license key or a serial number names. */
  find(
    root: string,
    uuids: readonly string[],
    keys: readonly string[],
    now: number,
    tz: string,
  ): Promise<LicenseRecord | undefined>;
  inScope(root: string, now: number, tz: string): Promise<LicenseRecord[]>;
  put(l: LicenseRecord & { uuid: string }, now: number): Promise<void>;
  /** Activates (keeping an earlier activation time) or deactivates; idempotent. */
  setActive(uuid: string, active: boolean, now: number): Promise<void>;
}

export interface NotificationRepository {
  load(uuids: readonly string[], tz: string): Promise<Notification[]>;
  /** The notifications owned by `root` or an organization below it, oldest first. */
  all(tz: string, root: string): Promise<Notification[]>;
  exists(uuid: string): Promise<boolean>;
  /** The owning organization: undefined for an unknown notification, null for one with no owner. */
  owner(uuid: string): Promise<string | null | undefined>;
  put(n: Notification & { uuid: string }, owner: string | null, now: number): Promise<void>;
  configure(
    c: NotificationConfiguration & { notificationUuid: string; roleUuid: string; organizationUuid: string },
    now: number,
    tz: string,
  ): Promise<NotificationConfiguration>;
}

export interface TokenRepository {
  insert(hash: string, grant: TokenGrant, now: number): Promise<void>;
  find(hash: string): Promise<(TokenGrant & { lastUsedOn: number | null }) | undefined>;
  revoke(hash: string, now: number): Promise<boolean>;
  /** Revokes the live token of this id; false when none has it. */
  revokeById(id: string, now: number): Promise<boolean>;
  list(): Promise<TokenEntry[]>;
  /** Writes a token's last use, or fails `busy` at once: a request never waits on a lock for it. */
  touch(hash: string, now: number): Promise<void>;
}

/** The twin's lookups (domain/lookup.ts) by the store's indexes, never a walk of the listing. */
export interface LookupRepository {
  deviceKey(root: string, uuids: readonly string[], serials: readonly string[]): Promise<string | undefined>;
  matching(
    root: string,
    uuids: readonly string[],
    org: string,
    serials: readonly string[],
  ): Promise<string[]>;
  serialsNear(root: string, key: string): Promise<string[]>;
  codeTypeKey(uuids: readonly string[], ids: readonly string[]): Promise<string | undefined>;
  codeTypeIdentifiers(): Promise<string[]>;
}

export interface Repositories {
  readonly organizations: OrganizationRepository;
  readonly edgeDevices: EdgeDeviceRepository;
  readonly codes: CodeRepository;
  readonly licenses: LicenseRepository;
  readonly notifications: NotificationRepository;
  readonly tokens: TokenRepository;
  readonly lookups: LookupRepository;
}

/** The repositories of one transaction: every call sees and writes the same snapshot. */
export interface Session extends Repositories {
  /** Runs `fn` so that a failure inside undoes only what it wrote (a savepoint). */
  savepoint<T>(fn: () => Promise<T>): Promise<T>;
  /** The change token of what this transaction reads (see Store.changeToken). */
  readonly changeToken: string;
}

/** How many records of each kind the store holds (`ccp status`). */
export interface RecordCounts {
  organizations: number;
  edgeDevices: number;
  edgeFlows: number;
  codeTypes: number;
  codes: number;
  licenses: number;
  notifications: number;
  tokens: number;
}

/** What `status` says of the store: reachable, whole, which engine version and schema. */
export interface StoreHealth {
  /** The database as `host:port/database` or its file: never a password. */
  location: string;
  /** The engine and its version: `PostgreSQL 15.18`, `SQLite 3.50.2`. */
  engine: string;
  schemaVersion: number;
  /** Problems a check found (an integrity check on SQLite); empty when whole. */
  problems: string[];
}

/** The steps of one long write (Store.steps). */
export interface BulkSteps {
  /** Runs `fn` in one write transaction, as Store.bulk does. */
  step<T>(fn: (s: Session) => Promise<T>): Promise<T>;
  /** Gives the connection back; what the steps noted is forgotten. */
  end(): Promise<void>;
}

export interface Store extends Repositories {
  readonly clock: Clock;
  /** How long a write waits in all for another writer's locks before failing `busy` (10 s unless told). */
  readonly lockWaitMs: number;
  /**
   * Runs `fn` in one write transaction; on PostgreSQL a deadlock or a serialization failure reruns it whole
   * (so `fn` must do nothing outside the store that it cannot do twice), and a lock held by another writer is
   * waited for up to 10 s before a `busy` failure.
   */
  tx<T>(fn: (s: Session) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one read-only transaction: a consistent snapshot that never waits for a writer. `at`: a change
   * token the caller read moments ago (its token's check): what the store remembers at that token may answer
   * without a transaction, as a snapshot taken when the token was read.
   */
  read<T>(fn: (s: Session) => Promise<T>, at?: string): Promise<T>;
  /**
   * One long write transaction fed from the caller's input (server import, seed): it may span awaits of
   * other work; foreign keys are checked at its end. Never retried.
   */
  bulk<T>(fn: (s: Session) => Promise<T>): Promise<T>;
  /**
   * A long write committed in steps (server clone): each step is a bulk transaction of its own, so another
   * writer waits for one step at most, and every step runs on one connection, so what a step notes for the
   * later ones (the devices a clone listed) lasts until end().
   */
  steps(): Promise<BulkSteps>;
  /**
   * How server import feeds this store (absent: 1,000 devices a batch, organizations stored at the end): an
   * engine across a socket takes fewer, larger batches, and organizations stored before the devices that
   * name them, so that each batch's keys are checked as it is written rather than all at the commit.
   */
  readonly importPlan?: { deviceBatch: number; organizationsFirst: boolean };
  /**
   * Changes whenever the data may have changed, by this server or another one on the same database: what is
   * derived from the data may be kept while it stays the same (the caches of tokens, listings and counts).
   */
  changeToken(): Promise<string>;
  counts(): Promise<RecordCounts>;
  /** Reachability and a check of the store; `thorough` runs the engine's integrity check where it has one. */
  health(opts?: { thorough?: boolean }): Promise<StoreHealth>;
  /** The database as people name it: `host:port/database` or the file path; never a password. */
  describe(): string;
  close(): Promise<void>;
}
