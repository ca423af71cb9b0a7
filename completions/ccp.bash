# bash completion for ccp. Generated from the command tree by `npm run completions`; do not edit by hand.
# Install: source <(ccp completion bash), or save it and source it from ~/.bashrc (ccp completion --help
# shows the lines). It needs no bash-completion package; with one, saving it as
# ~/.local/share/bash-completion/completions/ccp is enough.
# Values of records, profiles and time zones come from `ccp __complete` as you press TAB.

# Sets REPLY to the path of subcommand $2 of path $1 (aliases resolved), or empty.
__ccp_sub() {
  case "$1|$2" in
    "|api") REPLY="api" ;;
    "|code") REPLY="code" ;;
    "|codetype") REPLY="codetype" ;;
    "|completion") REPLY="completion" ;;
    "|config") REPLY="config" ;;
    "|edgedevice") REPLY="edgedevice" ;;
    "|device") REPLY="edgedevice" ;;
    "|help") REPLY="help" ;;
    "|license") REPLY="license" ;;
    "|login") REPLY="login" ;;
    "|logout") REPLY="logout" ;;
    "|notify") REPLY="notify" ;;
    "|notification") REPLY="notify" ;;
    "|org") REPLY="org" ;;
    "|report") REPLY="report" ;;
    "|server") REPLY="server" ;;
    "|status") REPLY="status" ;;
    "code|get") REPLY="code get" ;;
    "codetype|get") REPLY="codetype get" ;;
    "codetype|list") REPLY="codetype list" ;;
    "codetype|ls") REPLY="codetype list" ;;
    "config|get") REPLY="config get" ;;
    "config|list") REPLY="config list" ;;
    "config|ls") REPLY="config list" ;;
    "config|set") REPLY="config set" ;;
    "config|unset") REPLY="config unset" ;;
    "config|use") REPLY="config use" ;;
    "edgedevice|add") REPLY="edgedevice add" ;;
    "edgedevice|apply") REPLY="edgedevice apply" ;;
    "edgedevice|get") REPLY="edgedevice get" ;;
    "edgedevice|list") REPLY="edgedevice list" ;;
    "edgedevice|ls") REPLY="edgedevice list" ;;
    "edgedevice|push") REPLY="edgedevice push" ;;
    "license|activate") REPLY="license activate" ;;
    "license|deactivate") REPLY="license deactivate" ;;
    "license|get") REPLY="license get" ;;
    "license|list") REPLY="license list" ;;
    "license|ls") REPLY="license list" ;;
    "notify|configure") REPLY="notify configure" ;;
    "notify|save") REPLY="notify save" ;;
    "notify|update") REPLY="notify update" ;;
    "org|get") REPLY="org get" ;;
    "org|list") REPLY="org list" ;;
    "org|ls") REPLY="org list" ;;
    "org|options") REPLY="org options" ;;
    "org|update") REPLY="org update" ;;
    "org options|add") REPLY="org options add" ;;
    "org options|apply") REPLY="org options apply" ;;
    "report|download") REPLY="report download" ;;
    "server|clone") REPLY="server clone" ;;
    "server|import") REPLY="server import" ;;
    "server|seed") REPLY="server seed" ;;
    "server|start") REPLY="server start" ;;
    "server|token") REPLY="server token" ;;
    "server token|create") REPLY="server token create" ;;
    "server token|list") REPLY="server token list" ;;
    "server token|ls") REPLY="server token list" ;;
    "server token|revoke") REPLY="server token revoke" ;;
    *) REPLY="" ;;
  esac
}

# Subcommands of a path.
__ccp_subs() {
  case "$1" in
    "") REPLY="api code codetype completion config edgedevice help license login logout notify org report server status" ;;
    "code") REPLY="get" ;;
    "codetype") REPLY="get list" ;;
    "config") REPLY="get list set unset use" ;;
    "edgedevice") REPLY="add apply get list push" ;;
    "license") REPLY="activate deactivate get list" ;;
    "notify") REPLY="configure save update" ;;
    "org") REPLY="get list options update" ;;
    "org options") REPLY="add apply" ;;
    "report") REPLY="download" ;;
    "server") REPLY="clone import seed start token" ;;
    "server token") REPLY="create list revoke" ;;
    *) REPLY="" ;;
  esac
}

# Options a command defines itself (its ancestors' apply as well).
__ccp_own_opts() {
  case "$1" in
    "") REPLY="-V --version --base-url --token --auth-scheme -H --header --ca-file --client-cert --client-key --insecure --profile --time-zone --org --user --db -o --output --json --fields --query --no-headers --csv-raw --no-pager --no-color --verbose -q --quiet --timeout --timestamps --parallel --no-input" ;;
    "api") REPLY="-f --file --dry-run" ;;
    "codetype get") REPLY="-w --watch --interval" ;;
    "codetype list") REPLY="--page --page-size --all --limit --where --sort-by --reverse -w --watch --interval" ;;
    "config get") REPLY="--reveal" ;;
    "config list") REPLY="--profiles" ;;
    "edgedevice add") REPLY="--name --serial --ip --port --location --description --long-description --devices --active --disabled -f --file --format --ignore-unknown --skeleton --batch-size --skip-existing --continue-on-error --failed-file --saved-file --dry-run" ;;
    "edgedevice apply") REPLY="-f --file --format --ignore-unknown --skeleton --dry-run -y --yes --disable-missing --batch-size" ;;
    "edgedevice get") REPLY="-w --watch --interval" ;;
    "edgedevice list") REPLY="--page --page-size --all --limit --where --sort-by --reverse -w --watch --interval" ;;
    "edgedevice push") REPLY="--flow --flow-id --flow-name -f --file --format --ignore-unknown --skeleton --dry-run" ;;
    "license activate") REPLY="-y --yes --dry-run" ;;
    "license deactivate") REPLY="-y --yes --dry-run" ;;
    "license get") REPLY="-w --watch --interval" ;;
    "license list") REPLY="--page --page-size --all --limit --where --sort-by --reverse -w --watch --interval" ;;
    "login") REPLY="--with-token --username --force --use --insecure-storage" ;;
    "notify configure") REPLY="--notification --role --apply-to-sub-organizations --dry-run" ;;
    "notify save") REPLY="--type --option --active --inactive -f --file --format --ignore-unknown --skeleton --dry-run" ;;
    "notify update") REPLY="--type --option --active --inactive -f --file --format --ignore-unknown --skeleton --dry-run" ;;
    "org get") REPLY="-w --watch --interval" ;;
    "org list") REPLY="--page --page-size --all --limit --where --sort-by --reverse -w --watch --interval" ;;
    "org options add") REPLY="-f --file --format --ignore-unknown --skeleton --dry-run" ;;
    "org options apply") REPLY="-f --file --format --ignore-unknown --skeleton --dry-run -y --yes" ;;
    "org update") REPLY="--name --admin --demo --no-demo --city --country --email --mobile --pin --state --street --website -f --file --format --ignore-unknown --skeleton --dry-run" ;;
    "report download") REPLY="--template --type -O --out --force --dry-run" ;;
    "server clone") REPLY="--from" ;;
    "server seed") REPLY="--demo --force" ;;
    "server start") REPLY="--host --port" ;;
    "server token create") REPLY="--role" ;;
    *) REPLY="" ;;
  esac
}

# Those of its own options that take a value.
__ccp_own_value_opts() {
  case "$1" in
    "") REPLY="--base-url --token --auth-scheme -H --header --ca-file --client-cert --client-key --profile --time-zone --org --user --db -o --output --fields --query --timeout --timestamps --parallel" ;;
    "api") REPLY="-f --file" ;;
    "codetype get") REPLY="--interval" ;;
    "codetype list") REPLY="--page --page-size --limit --where --sort-by --interval" ;;
    "edgedevice add") REPLY="--name --serial --ip --port --location --description --long-description --devices -f --file --format --batch-size --failed-file --saved-file" ;;
    "edgedevice apply") REPLY="-f --file --format --batch-size" ;;
    "edgedevice get") REPLY="--interval" ;;
    "edgedevice list") REPLY="--page --page-size --limit --where --sort-by --interval" ;;
    "edgedevice push") REPLY="--flow --flow-id --flow-name -f --file --format" ;;
    "license get") REPLY="--interval" ;;
    "license list") REPLY="--page --page-size --limit --where --sort-by --interval" ;;
    "login") REPLY="--username" ;;
    "notify configure") REPLY="--notification --role" ;;
    "notify save") REPLY="--type --option -f --file --format" ;;
    "notify update") REPLY="--type --option -f --file --format" ;;
    "org get") REPLY="--interval" ;;
    "org list") REPLY="--page --page-size --limit --where --sort-by --interval" ;;
    "org options add") REPLY="-f --file --format" ;;
    "org options apply") REPLY="-f --file --format" ;;
    "org update") REPLY="--name --admin --city --country --email --mobile --pin --state --street --website -f --file --format" ;;
    "report download") REPLY="--template --type -O --out" ;;
    "server clone") REPLY="--from" ;;
    "server start") REPLY="--host --port" ;;
    "server token create") REPLY="--role" ;;
    *) REPLY="" ;;
  esac
}

# Values of the positional arguments of path $1; __ccp_live names the kind `ccp __complete` reads.
__ccp_args() {
  __ccp_live=""
  case "$1" in
    "api") REPLY="GET POST PUT DELETE" ;;
    "codetype get") REPLY=""; __ccp_live=codetype ;;
    "completion") REPLY="bash zsh fish" ;;
    "config get") REPLY="base-url token org user time-zone output timeout timestamps parallel auth-scheme headers token-command ca-file client-cert client-key insecure csv-raw db" ;;
    "config set") REPLY="base-url token org user time-zone output timeout timestamps parallel auth-scheme headers token-command ca-file client-cert client-key insecure csv-raw db" ;;
    "config unset") REPLY="base-url token org user time-zone output timeout timestamps parallel auth-scheme headers token-command ca-file client-cert client-key insecure csv-raw db" ;;
    "config use") REPLY=""; __ccp_live=profile ;;
    "edgedevice get") REPLY=""; __ccp_live=device ;;
    "edgedevice push") REPLY=""; __ccp_live=device ;;
    "license activate") REPLY=""; __ccp_live=license ;;
    "license deactivate") REPLY=""; __ccp_live=license ;;
    "license get") REPLY=""; __ccp_live=license ;;
    "org get") REPLY=""; __ccp_live=org ;;
    "org list") REPLY=""; __ccp_live=org ;;
    "org update") REPLY=""; __ccp_live=org ;;
    *) REPLY="" ;;
  esac
}

# Values of option $2 under path $1; __ccp_list=1 for a comma-separated list, __ccp_files=1 for a file,
# __ccp_live for values `ccp __complete` reads.
__ccp_values() {
  __ccp_list=0
  __ccp_files=0
  __ccp_live=""
  case "$1|$2" in
    "org options add|--fields"|"org options apply|--fields") REPLY="uuid key value organizationUuid isActive createdOn updatedOn"; __ccp_list=1 ;;
    "server token create|--role"|"server token create "*"|--role") REPLY="admin operator viewer" ;;
    "org options apply|--format"|"org options apply "*"|--format"|"org options add|--format"|"org options add "*"|--format") REPLY="json ndjson csv yaml" ;;
    "org options add|-f"|"org options add "*"|-f"|"org options add|--file"|"org options add "*"|--file"|"org options apply|-f"|"org options apply "*"|-f"|"org options apply|--file"|"org options apply "*"|--file") REPLY=""; __ccp_files=1 ;;
    "code get|--fields") REPLY="uuid clazz codeIdentifier shortDescription longDescription value isActive createdOn updatedOn codeType"; __ccp_list=1 ;;
    "codetype get|--fields"|"codetype list|--fields") REPLY="uuid clazz codeTypeIdentifier shortDescription longDescription value isActive createdOn updatedOn codes"; __ccp_list=1 ;;
    "edgedevice add|--fields"|"edgedevice apply|--fields"|"edgedevice get|--fields"|"edgedevice list|--fields"|"edgedevice push|--fields") REPLY="uuid edgeDeviceName serialNumber ipAdress port location shortDescription longDescription noOfdevices isActive isDisabled orgUUID userUUID createdOn modifiedOn edgeFlows externalReferences"; __ccp_list=1 ;;
    "license activate|--fields"|"license deactivate|--fields"|"license get|--fields"|"license list|--fields") REPLY="uuid attributeName serialNumber value createOn updatedOn licenseDetails"; __ccp_list=1 ;;
    "notify configure|--fields") REPLY="uuid notificationUuid organizationUuid roleUuid createdBy updatedBy applyToSubOrganizaitons isActive isLinked createdOn updatedOn"; __ccp_list=1 ;;
    "notify save|--fields"|"notify update|--fields") REPLY="uuid type createdBy updatedBy isActive createdOn updatedOn notificationOptions"; __ccp_list=1 ;;
    "org get|--fields"|"org list|--fields"|"org update|--fields") REPLY="uuid codeUuid orgAdmin orgName organizationUuid userUuid isActive isDemo createdOn updatedOn orgAddress suborganization"; __ccp_list=1 ;;
    "report download|--fields") REPLY="detail emailData fileData fileType reportName templateKey token"; __ccp_list=1 ;;
    "server clone|--from"|"server clone "*"|--from") REPLY=""; __ccp_live=profile ;;
    "report download|--template"|"report download "*"|--template") REPLY="edge-devices sub-organizations code-types licenses notifications" ;;
    "report download|--type"|"report download "*"|--type") REPLY="csv json pdf" ;;
    "org update|--format"|"org update "*"|--format"|"notify update|--format"|"notify update "*"|--format"|"notify save|--format"|"notify save "*"|--format"|"edgedevice push|--format"|"edgedevice push "*"|--format"|"edgedevice apply|--format"|"edgedevice apply "*"|--format"|"edgedevice add|--format"|"edgedevice add "*"|--format") REPLY="json ndjson csv yaml" ;;
    "edgedevice add|-f"|"edgedevice add "*"|-f"|"edgedevice add|--file"|"edgedevice add "*"|--file"|"edgedevice add|--failed-file"|"edgedevice add "*"|--failed-file"|"edgedevice add|--saved-file"|"edgedevice add "*"|--saved-file"|"edgedevice apply|-f"|"edgedevice apply "*"|-f"|"edgedevice apply|--file"|"edgedevice apply "*"|--file"|"edgedevice push|--flow"|"edgedevice push "*"|--flow"|"edgedevice push|-f"|"edgedevice push "*"|-f"|"edgedevice push|--file"|"edgedevice push "*"|--file"|"notify save|-f"|"notify save "*"|-f"|"notify save|--file"|"notify save "*"|--file"|"notify update|-f"|"notify update "*"|-f"|"notify update|--file"|"notify update "*"|--file"|"org update|-f"|"org update "*"|-f"|"org update|--file"|"org update "*"|--file"|"report download|-O"|"report download "*"|-O"|"report download|--out"|"report download "*"|--out"|"api|-f"|"api "*"|-f"|"api|--file"|"api "*"|--file") REPLY=""; __ccp_files=1 ;;
    *"|--profile") REPLY=""; __ccp_live=profile ;;
    *"|--time-zone") REPLY=""; __ccp_live=zone ;;
    *"|--org") REPLY=""; __ccp_live=org ;;
    *"|--user") REPLY=""; __ccp_live=user ;;
    *"|-o"|*"|--output") REPLY="table json ndjson csv yaml name" ;;
    *"|--timestamps") REPLY="service iso" ;;
    *"|--ca-file"|*"|--client-cert"|*"|--client-key"|*"|--db") REPLY=""; __ccp_files=1 ;;
    *) REPLY="" ;;
  esac
}

# Options that apply under a path: its own and its ancestors'; with $2 = value, only value-taking ones.
__ccp_all_opts() {
  local fn=__ccp_own_opts acc p="" seg
  [[ $2 == value ]] && fn=__ccp_own_value_opts
  $fn ""
  acc="$REPLY"
  for seg in $1; do
    p="${p:+$p }$seg"
    $fn "$p"
    acc="$acc $REPLY"
  done
  REPLY="$acc"
}

# Asks `ccp __complete` for the values of kind $1 given the words $2... (the last is the one completed):
# one `value<TAB>description` a line, into __ccp_vals and __ccp_descs. Nothing when ccp is not on PATH.
__ccp_read_live() {
  local line
  __ccp_vals=()
  __ccp_descs=()
  while IFS= read -r line; do
    [[ -n $line ]] || continue
    __ccp_vals+=("${line%%$'\t'*}")
    __ccp_descs+=("${line#*$'\t'}")
  done < <(command ccp __complete "$@" 2>/dev/null)
}

# Finds the command path in the words before the cursor, skipping options and their values.
__ccp_walk() {
  local w skip=0
  cpath=""
  for w in "$@"; do
    if (( skip )); then skip=0; continue; fi
    case "$w" in
      --) break ;;
      -*=*|=) ;;
      -*) __ccp_all_opts "$cpath" value; [[ " $REPLY " == *" $w "* ]] && skip=1 ;;
      *) __ccp_sub "$cpath" "$w"; [[ -n $REPLY ]] && cpath="$REPLY" ;;
    esac
  done
}

_ccp() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" cpath REPLY __ccp_list __ccp_files __ccp_live
  local -a __ccp_vals __ccp_descs
  (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  __ccp_walk "${COMP_WORDS[@]:1:COMP_CWORD-1}"

  # --opt=value arrives as three words, "--opt" "=" "value", since = is in COMP_WORDBREAKS.
  if [[ $cur == "=" ]]; then
    cur=""
  elif [[ $prev == "=" ]] && (( COMP_CWORD > 1 )); then
    prev="${COMP_WORDS[COMP_CWORD-2]}"
  fi

  __ccp_all_opts "$cpath" value
  if [[ $prev == -* && " $REPLY " == *" $prev "* ]]; then
    __ccp_values "$cpath" "$prev"
    if [[ -n $__ccp_live ]]; then
      __ccp_read_live "$__ccp_live" "${COMP_WORDS[@]:1:COMP_CWORD-1}" "$cur"
      COMPREPLY=($(compgen -W "${__ccp_vals[*]}" -- "$cur"))
      # No value found is no value: not the file names bash would offer instead.
      compopt +o default 2>/dev/null
    elif (( __ccp_list )); then
      local head="${cur%"${cur##*,}"}"
      COMPREPLY=($(compgen -P "$head" -W "$REPLY" -- "${cur##*,}"))
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
    COMPREPLY=($(compgen -W "$REPLY -h --help" -- "$cur"))
    return 0
  fi

  __ccp_subs "$cpath"
  if [[ -z $REPLY ]]; then
    __ccp_args "$cpath"
    if [[ -n $__ccp_live ]]; then
      __ccp_read_live "$__ccp_live" "${COMP_WORDS[@]:1:COMP_CWORD-1}" "$cur"
      REPLY="${__ccp_vals[*]}"
      compopt +o default 2>/dev/null
    fi
  fi
  COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
  return 0
}

complete -o default -F _ccp ccp
