// What `ccp __complete <kind>` completes: the kinds the generated scripts ask for, read when completing.

export const LIVE_KINDS = ['device', 'org', 'user', 'codetype', 'license', 'profile', 'zone'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** Kinds whose values are the target's records: read from the database or the service, and cached. */
export const TARGET_KINDS = ['device', 'org', 'user', 'codetype', 'license'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export function isLiveKind(word: string | undefined): word is LiveKind {
  return (LIVE_KINDS as readonly string[]).includes(word ?? '');
}

export function isTargetKind(kind: LiveKind): kind is TargetKind {
  return (TARGET_KINDS as readonly string[]).includes(kind);
}

/** One candidate: the value inserted, and what zsh and fish show beside it. */
export interface Candidate {
  value: string;
  description: string;
}
