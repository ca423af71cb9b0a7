// External references' passwords are write-only (decisions.md, "Secrets"): nobody reads one back, so the store
// keeps only a salted scrypt hash, as `scrypt$N$r$p$salt$hash` (base64) so the parameters can change later.
import { randomBytes, scrypt, scryptSync } from 'node:crypto';
import { availableParallelism } from 'node:os';

// Below Node's default cost (2^14), as a bulk add pays it once per password it carries (README, "Secrets at
// rest"). Nothing ever checks a password against its hash (it is write-only), so the cost only slows guessing
// from a stolen file; each stored hash names its parameters, so a later version can raise them.
const N = 2 ** 12;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

const format = (salt: Buffer, hash: Buffer) =>
  `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;

/** The stored form of a password: a fresh salt each time, so two equal passwords are stored apart. */
export function hashPassword(password: string): string {
  const salt = randomBytes(SALT_BYTES);
  return format(salt, scryptSync(password, salt, KEY_BYTES, { N, r: R, p: P }));
}

/** Hashes of new passwords computed ahead of a write, by the reference that carries each. */
export type Hashed = ReadonlyMap<object, string>;

/** What the store keeps of a new password (not the mask): its hash, from `hashed` or computed now. */
export function storedPassword(r: WithPassword, hashed?: Hashed): string | null {
  return r.password == null ? null : (hashed?.get(r) ?? hashPassword(r.password));
}

function hashAsync(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return new Promise((done, fail) =>
    scrypt(password, salt, KEY_BYTES, { N, r: R, p: P }, (err, hash) =>
      err ? fail(err) : done(format(salt, hash)),
    ),
  );
}

/** A password as a write sends it: absent, null, the mask (keep the stored one) or a new one. */
interface WithPassword {
  password?: string | null | undefined;
}

/**
 * The hashes of the new passwords the records' references carry, by reference, computed before the write's
 * transaction in the thread pool: the event loop keeps serving, and several cores share a bulk add. At most
 * three at a time, so file reads of the same pool are never stuck behind a long queue of hashes.
 */
export async function hashNewPasswords(
  records: readonly { externalReferences?: readonly WithPassword[] | null | undefined }[],
  mask: string,
): Promise<Hashed> {
  const todo = records.flatMap((d) =>
    (d.externalReferences ?? []).filter(
      (r): r is WithPassword & { password: string } => typeof r.password === 'string' && r.password !== mask,
    ),
  );
  const hashed = new Map<object, string>();
  if (todo.length === 0) return hashed;
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const r = todo[next++]!;
      hashed.set(r, await hashAsync(r.password));
    }
  };
  await Promise.all(Array.from({ length: Math.min(todo.length, availableParallelism(), 3) }, worker));
  return hashed;
}
