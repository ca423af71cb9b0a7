// Values a write needs: from a flag, else a prompt on a terminal, else a usage error naming the flag.
import { isUuid } from '../args.js';
import { UsageError } from '../command-errors.js';
import type { Factory } from '../factory.js';
import type { KnownKind } from '../known-records.js';
import type { Prompter } from '../prompter.js';

/** Whom to ask (the factory): its prompter is made only when a value is missing. */
export type Asker = { readonly prompter: Prompter };

/** A given value, else a prompt on a terminal, else a usage error naming the flag (the prompter's rule). */
export async function requireValue(
  asker: Asker,
  value: string | undefined,
  opts: { flag: string; message: string; uuid?: boolean; orElse?: string },
): Promise<string> {
  const check = (v: string): true | string => {
    if (v.trim() === '') return 'a value is required';
    if (opts.uuid && !isUuid(v.trim())) return 'expected a uuid (8-4-4-4-12 hex digits)';
    return true;
  };
  if (value !== undefined && value !== '') {
    const ok = check(value);
    if (ok !== true) throw new UsageError(`${opts.flag}: ${ok}`);
    return opts.uuid ? value.toLowerCase() : value;
  }
  const answer = (
    await asker.prompter
      .input({ message: opts.message, flag: opts.flag, validate: check })
      .catch((err: unknown) => {
        // Without a terminal, say the other way to give the value too (`-f FILE`).
        if (err instanceof UsageError && opts.orElse)
          throw new UsageError(err.message, { hint: `pass ${opts.flag}, or ${opts.orElse}` });
        throw err;
      })
  ).trim();
  const ok = check(answer);
  if (ok !== true) throw new UsageError(`${opts.flag}: ${ok}`);
  return opts.uuid ? answer.toLowerCase() : answer;
}

/**
 * A uuid argument (`<uuid>`): given, else asked for on a terminal, else a usage error naming the argument.
 * Commands declare it optional (`[uuid]`) so that commander leaves the asking to this.
 */
export function requireUuidArgument(asker: Asker, value: string | undefined, name: string, message: string) {
  return requireValue(asker, value, { flag: name, message, uuid: true });
}

/** The keys of a `get` (`<uuid|serial...>`): given, else one asked for on a terminal, else a usage error. */
export async function requireKeys(
  asker: Asker,
  keys: string[],
  name: string,
  message: string,
): Promise<string[]> {
  if (keys.length > 0) return keys;
  return [await requireValue(asker, undefined, { flag: name, message })];
}

/** A uuid from a flag or the profile, else asked for on a terminal, else a usage error naming the flag. */
export function requireUuid(asker: Asker, value: string | undefined, flag: string, message: string) {
  return requireValue(asker, value, { flag, message, uuid: true });
}

/**
 * An organization's or user's uuid from a flag or the profile; else, on a terminal, picked from those the
 * credentials can see, by name (a typed uuid is taken too); else a usage error naming the flag.
 */
export async function requireRecordUuid(
  f: Factory,
  value: string | undefined,
  opts: { kind: KnownKind; flag: string; message: string; orElse?: string },
): Promise<string> {
  if ((value !== undefined && value !== '') || !f.io.canPrompt())
    return requireValue(f, value, { ...opts, uuid: true });
  const { knownRecords } = await import('../known-records.js');
  const choices = await knownRecords(f, opts.kind);
  if (choices.length === 0) return requireValue(f, value, { ...opts, uuid: true });
  const answer = await f.prompter.search({
    message: opts.message,
    flag: opts.flag,
    choices,
    typed: (text) => isUuid(text),
  });
  return answer.toLowerCase();
}

/** The organization and user a device write acts for (`--org`, `--user`, or the profile's), asked in turn. */
export async function requireOrgAndUser(
  f: Factory,
  cfg: { org?: string | undefined; user?: string | undefined },
): Promise<{ orgUuid: string; userUuid: string }> {
  const orgUuid = await requireRecordUuid(f, cfg.org, {
    kind: 'org',
    flag: '--org',
    message: 'Organization uuid',
  });
  const userUuid = await requireRecordUuid(f, cfg.user, {
    kind: 'user',
    flag: '--user',
    message: 'User uuid',
  });
  return { orgUuid, userUuid };
}
