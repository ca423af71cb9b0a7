import { type CompletionModel, GENERATED_NOTE } from './model.js';
import { shellCaseHelpers } from './shell-case.js';

/** A bash completion script: `source <(ccp completion bash)`. */
export function bashCompletion(model: CompletionModel): string {
  const help = model.help.flatMap((o) => (o.short ? [o.short, o.long] : [o.long])).join(' ');
  return `# bash completion for ccp. ${GENERATED_NOTE}
# Install: source <(ccp completion bash), or save it and source it from ~/.bashrc (ccp completion --help
# shows the lines). It needs no bash-completion package; with one, saving it as
# ~/.local/share/bash-completion/completions/ccp is enough.
# Values of records, profiles and time zones come from \`ccp __complete\` as you press TAB.

${shellCaseHelpers(model, (name) => `$${name}`)}
_ccp() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cpath REPLY __ccp_list __ccp_files __ccp_live
  local -a __ccp_vals __ccp_descs
  (( COMP_CWORD > 0 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  __ccp_walk "\${COMP_WORDS[@]:1:COMP_CWORD-1}"

  # --opt=value arrives as three words, "--opt" "=" "value", since = is in COMP_WORDBREAKS.
  if [[ $cur == "=" ]]; then
    cur=""
  elif [[ $prev == "=" ]] && (( COMP_CWORD > 1 )); then
    prev="\${COMP_WORDS[COMP_CWORD-2]}"
  fi

  __ccp_all_opts "$cpath" value
  if [[ $prev == -* && " $REPLY " == *" $prev "* ]]; then
    __ccp_values "$cpath" "$prev"
    if [[ -n $__ccp_live ]]; then
      __ccp_read_live "$__ccp_live" "\${COMP_WORDS[@]:1:COMP_CWORD-1}" "$cur"
      COMPREPLY=($(compgen -W "\${__ccp_vals[*]}" -- "$cur"))
      # No value found is no value: not the file names bash would offer instead.
      compopt +o default 2>/dev/null
    elif (( __ccp_list )); then
      local head="\${cur%"\${cur##*,}"}"
      COMPREPLY=($(compgen -P "$head" -W "$REPLY" -- "\${cur##*,}"))
      compopt -o nospace 2>/dev/null
    elif [[ -n $REPLY ]]; then
      COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
    else
      COMPREPLY=()
    fi
    return 0
  fi

  if [[ $cur == -* ]]; then
    __ccp_all_opts "$cpath"
    COMPREPLY=($(compgen -W "$REPLY ${help}" -- "$cur"))
    return 0
  fi

  __ccp_subs "$cpath"
  if [[ -z $REPLY ]]; then
    __ccp_args "$cpath"
    if [[ -n $__ccp_live ]]; then
      __ccp_read_live "$__ccp_live" "\${COMP_WORDS[@]:1:COMP_CWORD-1}" "$cur"
      REPLY="\${__ccp_vals[*]}"
      compopt +o default 2>/dev/null
    fi
  fi
  COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
  return 0
}

complete -o default -F _ccp ccp
`;
}
