import { type CompletionModel, flagsOf, GENERATED_NOTE } from './model.js';
import { shellCaseHelpers } from './shell-case.js';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function describedArms(rows: [string, string[]][]): string[] {
  return rows
    .filter(([, items]) => items.length)
    .map(([path, items]) => `    "${path}") reply=(${items.map(quote).join(' ')}) ;;`);
}

/** A zsh completion function: save it as `_ccp` in a directory of `$fpath`. */
export function zshCompletion(model: CompletionModel): string {
  const subs = describedArms(
    model.commands.map((c) => [c.path, c.subcommands.map((s) => `${s.name}:${s.description}`)]),
  );
  const opts = describedArms(
    model.commands.map((c) => [
      c.path,
      c.options.flatMap((o) => flagsOf(o).map((f) => `${f}:${o.description}`)),
    ]),
  );
  const help = model.help.flatMap((o) => flagsOf(o).map((f) => quote(`${f}:${o.description}`))).join(' ');
  return `#compdef ccp
# zsh completion for ccp. ${GENERATED_NOTE}
# Install: mkdir -p ~/.zfunc && ccp completion zsh > ~/.zfunc/_ccp, with fpath=(~/.zfunc $fpath) before compinit.

${shellCaseHelpers(model, (name) => `\${=${name}}`)}
# Subcommands of a path, as name:description.
__ccp_sub_descs() {
  case "$1" in
${subs.join('\n')}
    *) reply=() ;;
  esac
}

# A command's own options, as flag:description.
__ccp_opt_descs() {
  case "$1" in
${opts.join('\n')}
    *) reply=() ;;
  esac
}

# Offers what \`ccp __complete\` reads for the live kind $1, each value with its description.
__ccp_describe_live() {
  local -a cands
  local i
  __ccp_read_live "$1" "\${(@)words[2,CURRENT-1]}" "$cur"
  for (( i = 1; i <= \${#__ccp_vals}; i++ )); do
    cands+=("\${__ccp_vals[i]//:/\\:}:\${__ccp_descs[i]}")
  done
  _describe -t values 'value' cands
}

_ccp() {
  local cur="\${words[CURRENT]}" opt="\${words[CURRENT-1]}" cpath REPLY __ccp_list __ccp_files __ccp_live p seg
  local -a reply cands __ccp_vals __ccp_descs
  __ccp_walk "\${(@)words[2,CURRENT-1]}"

  if [[ $cur == --*=* ]]; then
    opt="\${cur%%=*}"
    compset -P '*='
    cur="\${cur#*=}"
  fi
  __ccp_all_opts "$cpath" value
  if [[ $opt == -* && " $REPLY " == *" $opt "* ]]; then
    __ccp_values "$cpath" "$opt"
    if [[ -n $__ccp_live ]]; then
      __ccp_describe_live "$__ccp_live"
    elif (( __ccp_files )); then
      _files
    elif (( __ccp_list )); then
      compset -P '*,'
      compadd -S , -q -- \${=REPLY}
    elif [[ -n $REPLY ]]; then
      compadd -- \${=REPLY}
    else
      _message -e values 'value'
    fi
    return
  fi

  if [[ $cur == -* ]]; then
    cands=()
    __ccp_opt_descs ""
    cands+=("\${reply[@]}")
    p=""
    for seg in \${=cpath}; do
      p="\${p:+$p }$seg"
      __ccp_opt_descs "$p"
      cands+=("\${reply[@]}")
    done
    cands+=(${help})
    _describe -t options 'option' cands
    return
  fi

  __ccp_sub_descs "$cpath"
  if (( \${#reply} )); then
    _describe -t commands 'command' reply
    return
  fi
  __ccp_args "$cpath"
  if [[ -n $__ccp_live ]]; then
    __ccp_describe_live "$__ccp_live"
    return
  fi
  if [[ -n $REPLY ]]; then
    compadd -- \${=REPLY}
    return
  fi
  _files
}

if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  _ccp "$@"
else
  compdef _ccp ccp
fi
`;
}
