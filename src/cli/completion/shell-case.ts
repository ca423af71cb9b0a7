// What the bash and zsh scripts share: `case` helpers that complete options, values and arguments.
import { type CompletionModel, fileOptions, flagsOf } from './model.js';

/** The `case` helpers bash and zsh share; `split` word-splits a scalar in the target shell. */
export function shellCaseHelpers(model: CompletionModel, split: (name: string) => string): string {
  const out: string[] = [];
  const fn = (name: string, comment: string, arms: string[], fallback: string) => {
    out.push(
      `# ${comment}`,
      `${name}() {`,
      `  case "$1" in`,
      ...arms,
      `    *) ${fallback} ;;`,
      '  esac',
      '}',
      '',
    );
  };
  const withValues = (rows: [string, string[]][]) =>
    rows
      .filter(([, words]) => words.length)
      .map(([path, words]) => `    "${path}") REPLY="${words.join(' ')}" ;;`);

  out.push('# Sets REPLY to the path of subcommand $2 of path $1 (aliases resolved), or empty.');
  out.push('__ccp_sub() {', '  case "$1|$2" in');
  for (const c of model.commands) {
    for (const s of c.subcommands) {
      for (const name of [s.name, ...s.aliases]) out.push(`    "${c.path}|${name}") REPLY="${s.path}" ;;`);
    }
  }
  out.push('    *) REPLY="" ;;', '  esac', '}', '');
  fn(
    '__ccp_subs',
    'Subcommands of a path.',
    withValues(model.commands.map((c) => [c.path, c.subcommands.map((s) => s.name)])),
    'REPLY=""',
  );
  fn(
    '__ccp_own_opts',
    "Options a command defines itself (its ancestors' apply as well).",
    withValues(model.commands.map((c) => [c.path, c.options.flatMap(flagsOf)])),
    'REPLY=""',
  );
  fn(
    '__ccp_own_value_opts',
    'Those of its own options that take a value.',
    withValues(model.commands.map((c) => [c.path, c.options.filter((o) => o.takesValue).flatMap(flagsOf)])),
    'REPLY=""',
  );
  out.push(
    '# Values of the positional arguments of path $1; __ccp_live names the kind `ccp __complete` reads.',
    '__ccp_args() {',
    '  __ccp_live=""',
    '  case "$1" in',
    ...model.commands.flatMap((c) =>
      c.argLive
        ? [`    "${c.path}") REPLY=""; __ccp_live=${c.argLive} ;;`]
        : withValues([[c.path, c.argValues]]),
    ),
    '    *) REPLY="" ;;',
    '  esac',
    '}',
    '',
  );

  out.push(
    '# Values of option $2 under path $1; __ccp_list=1 for a comma-separated list, __ccp_files=1 for a file,',
    '# __ccp_live for values `ccp __complete` reads.',
  );
  out.push('__ccp_values() {', '  __ccp_list=0', '  __ccp_files=0', '  __ccp_live=""', '  case "$1|$2" in');
  const pattern = (path: string, flags: string[], inherit: boolean) =>
    flags
      .flatMap((f) =>
        !inherit ? [`"${path}|${f}"`] : path === '' ? [`*"|${f}"`] : [`"${path}|${f}"`, `"${path} "*"|${f}"`],
      )
      .join('|');
  // Deeper paths first so a subcommand's own values win over an ancestor's wildcard; neighbours with the
  // same values share one arm (every leaf of a resource has the same --fields).
  const entries = [
    ...model.values.map((v) => ({
      ...v,
      body: v.live
        ? `REPLY=""; __ccp_live=${v.live}`
        : `REPLY="${v.values.join(' ')}"${v.list ? '; __ccp_list=1' : ''}`,
    })),
    ...fileOptions(model).map((f) => ({ ...f, inherit: true, body: 'REPLY=""; __ccp_files=1' })),
  ];
  const depth = (e: { path: string; inherit: boolean }) =>
    (e.path ? e.path.split(' ').length : 0) * 2 + (e.inherit ? 0 : 1);
  const arms: { body: string; patterns: string[] }[] = [];
  for (const e of entries.map((x, n) => ({ ...x, n })).sort((a, b) => depth(b) - depth(a) || a.n - b.n)) {
    const last = arms[arms.length - 1];
    const p = pattern(e.path, e.flags, e.inherit);
    if (last?.body === e.body) last.patterns.push(p);
    else arms.push({ body: e.body, patterns: [p] });
  }
  for (const arm of arms) out.push(`    ${arm.patterns.join('|')}) ${arm.body} ;;`);
  out.push('    *) REPLY="" ;;', '  esac', '}', '');

  out.push(
    "# Options that apply under a path: its own and its ancestors'; with $2 = value, only value-taking ones.",
    '__ccp_all_opts() {',
    '  local fn=__ccp_own_opts acc p="" seg',
    '  [[ $2 == value ]] && fn=__ccp_own_value_opts',
    '  $fn ""',
    '  acc="$REPLY"',
    `  for seg in ${split('1')}; do`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not JS
    '    p="${p:+$p }$seg"',
    '    $fn "$p"',
    '    acc="$acc $REPLY"',
    '  done',
    '  REPLY="$acc"',
    '}',
    '',
    '# Asks `ccp __complete` for the values of kind $1 given the words $2... (the last is the one completed):',
    '# one `value<TAB>description` a line, into __ccp_vals and __ccp_descs. Nothing when ccp is not on PATH.',
    '__ccp_read_live() {',
    '  local line',
    '  __ccp_vals=()',
    '  __ccp_descs=()',
    '  while IFS= read -r line; do',
    '    [[ -n $line ]] || continue',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not JS
    '    __ccp_vals+=("${line%%$\'\\t\'*}")',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not JS
    '    __ccp_descs+=("${line#*$\'\\t\'}")',
    '  done < <(command ccp __complete "$@" 2>/dev/null)',
    '}',
    '',
    '# Finds the command path in the words before the cursor, skipping options and their values.',
    '__ccp_walk() {',
    '  local w skip=0',
    '  cpath=""',
    '  for w in "$@"; do',
    '    if (( skip )); then skip=0; continue; fi',
    '    case "$w" in',
    '      --) break ;;',
    '      -*=*|=) ;;',
    '      -*) __ccp_all_opts "$cpath" value; [[ " $REPLY " == *" $w "* ]] && skip=1 ;;',
    '      *) __ccp_sub "$cpath" "$w"; [[ -n $REPLY ]] && cpath="$REPLY" ;;',
    '    esac',
    '  done',
    '}',
    '',
  );
  return out.join('\n');
}
