import { type CompletionModel, type CompletionOption, flagsOf, GENERATED_NOTE } from './model.js';

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const describe = (text: string) => (text ? ` -d ${quote(text)}` : '');

function optionSpec(o: CompletionOption): string {
  return [o.short ? `-s ${o.short.slice(1)}` : '', `-l ${o.long.slice(2)}`].filter(Boolean).join(' ');
}

/** A fish completion script: save it as ~/.config/fish/completions/ccp.fish. */
export function fishCompletion(model: CompletionModel): string {
  const lines: string[] = [];
  const switchFn = (name: string, comment: string, subject: string, arms: [string[], string][]) => {
    lines.push(`# ${comment}`, `function ${name}`, `    switch ${subject}`);
    for (const [cases, body] of arms)
      lines.push(`        case ${cases.map(quote).join(' ')}`, `            ${body}`);
    lines.push('    end', 'end', '');
  };

  switchFn(
    '__ccp_sub',
    'Prints the path of subcommand argv[2] of path argv[1] (aliases resolved).',
    '"$argv[1]|$argv[2]"',
    model.commands.flatMap((c) =>
      c.subcommands.map((s): [string[], string] => [
        [s.name, ...s.aliases].map((n) => `${c.path}|${n}`),
        `echo ${quote(s.path)}`,
      ]),
    ),
  );
  switchFn(
    '__ccp_own_value_opts',
    'Options of a command that take a value.',
    '"$argv[1]"',
    model.commands
      .map((c): [string[], string] => [
        [c.path],
        c.options
          .filter((o) => o.takesValue)
          .flatMap(flagsOf)
          .join(' '),
      ])
      .filter(([, flags]) => flags)
      .map(([cases, flags]) => [cases, `printf '%s\\n' ${flags}`]),
  );

  lines.push(
    `function __ccp_value_opts -d 'value-taking options under a path, its ancestors included'
    __ccp_own_value_opts ''
    set -l p ''
    for seg in (string split -n ' ' -- $argv[1])
        set p (string trim -- "$p $seg")
        __ccp_own_value_opts $p
    end
end

function __ccp_path -d 'the command path in the words before the cursor'
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cpath ''
    set -l skip 0
    for w in $tokens
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $w
            case '--'
                break
            case '-*=*'
            case '-*'
                if contains -- $w (__ccp_value_opts "$cpath")
                    set skip 1
                end
            case '*'
                set -l next (__ccp_sub "$cpath" $w)
                if test -n "$next"
                    set cpath $next
                end
        end
    end
    echo $cpath
end

function __ccp_at -d 'true when the command path is argv[1]'
    set -l p (__ccp_path)
    test "$p" = "$argv[1]"
end

function __ccp_under -d 'true when the command path is argv[1] or below it'
    set -l p (__ccp_path)
    test "$p" = "$argv[1]"; or string match -q -- "$argv[1] *" "$p"
end

function __ccp_live -d 'values ccp __complete reads for kind argv[1], each with its description'
    set -l words (commandline -opc)
    set -e words[1]
    set -l token (string replace -r -- '^-[^=]*=' '' (commandline -ct))
    command ccp __complete $argv[1] $words "$token" 2>/dev/null
end

function __ccp_list -d 'completes the last item of a comma-separated list'
    set -l token (string replace -r -- '^-[^=]*=' '' (commandline -ct))
    set -l head (string match -r -- '^.*,' $token)
    for v in $argv
        echo "$head$v"
    end
end

complete -c ccp -f`,
  );

  for (const o of model.help) lines.push(`complete -c ccp ${optionSpec(o)}${describe(o.description)}`);
  const valuesOf = (path: string, o: CompletionOption) =>
    model.values.find(
      (v) =>
        v.inherit &&
        v.flags.includes(o.long) &&
        (v.path === path || (v.path === '' && path === '')) &&
        !v.list,
    );
  for (const c of model.commands) {
    const cond = c.path === '' ? '' : ` -n ${quote(`__ccp_under "${c.path}"`)}`;
    const at = ` -n ${quote(`__ccp_at "${c.path}"`)}`;
    if (c.subcommands.length || c.options.length || c.argValues.length || c.argLive || c.argIsFile) {
      lines.push('');
    }
    for (const s of c.subcommands) lines.push(`complete -c ccp${at} -a ${s.name}${describe(s.description)}`);
    for (const o of c.options) {
      let arg = '';
      if (o.takesValue) {
        const v = valuesOf(c.path, o);
        const a = v?.live ? `(__ccp_live ${v.live})` : v?.values.join(' ');
        arg = a ? ` -x -a ${quote(a)}` : o.file ? ' -r -F' : ' -x';
      }
      lines.push(`complete -c ccp${cond} ${optionSpec(o)}${arg}${describe(o.description)}`);
    }
    if (c.argLive) lines.push(`complete -c ccp${at} -a ${quote(`(__ccp_live ${c.argLive})`)}`);
    else if (c.argValues.length) lines.push(`complete -c ccp${at} -a ${quote(c.argValues.join(' '))}`);
    else if (c.argIsFile && !c.subcommands.length) lines.push(`complete -c ccp${at} -F`);
  }

  lines.push('', '# --fields takes the field names of the records each command prints.');
  for (const v of model.values.filter((x) => x.list)) {
    const long = v.flags[0]!;
    const text = model.commands.flatMap((c) => c.options).find((o) => o.long === long)?.description ?? '';
    const a = quote(`(__ccp_list ${v.values.join(' ')})`);
    lines.push(
      `complete -c ccp -n ${quote(`__ccp_at "${v.path}"`)} -l ${long.slice(2)} -x -a ${a}${describe(text)}`,
    );
  }

  return `# fish completion for ccp. ${GENERATED_NOTE}
# Install: mkdir -p ~/.config/fish/completions && ccp completion fish > ~/.config/fish/completions/ccp.fish

${lines.join('\n')}
`;
}
