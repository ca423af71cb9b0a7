# fish completion for ccp. Generated from the command tree by `npm run completions`; do not edit by hand.
# Install: mkdir -p ~/.config/fish/completions && ccp completion fish > ~/.config/fish/completions/ccp.fish

# Prints the path of subcommand argv[2] of path argv[1] (aliases resolved).
function __ccp_sub
    switch "$argv[1]|$argv[2]"
        case '|api'
            echo 'api'
        case '|code'
            echo 'code'
        case '|codetype'
            echo 'codetype'
        case '|completion'
            echo 'completion'
        case '|config'
            echo 'config'
        case '|edgedevice' '|device'
            echo 'edgedevice'
        case '|help'
            echo 'help'
        case '|license'
            echo 'license'
        case '|login'
            echo 'login'
        case '|logout'
            echo 'logout'
        case '|notify' '|notification'
            echo 'notify'
        case '|org'
            echo 'org'
        case '|report'
            echo 'report'
        case '|server'
            echo 'server'
        case '|status'
            echo 'status'
        case 'code|get'
            echo 'code get'
        case 'codetype|get'
            echo 'codetype get'
        case 'codetype|list' 'codetype|ls'
            echo 'codetype list'
        case 'config|get'
            echo 'config get'
        case 'config|list' 'config|ls'
            echo 'config list'
        case 'config|set'
            echo 'config set'
        case 'config|unset'
            echo 'config unset'
        case 'config|use'
            echo 'config use'
        case 'edgedevice|add'
            echo 'edgedevice add'
        case 'edgedevice|apply'
            echo 'edgedevice apply'
        case 'edgedevice|get'
            echo 'edgedevice get'
        case 'edgedevice|list' 'edgedevice|ls'
            echo 'edgedevice list'
        case 'edgedevice|push'
            echo 'edgedevice push'
        case 'license|activate'
            echo 'license activate'
        case 'license|deactivate'
            echo 'license deactivate'
        case 'license|get'
            echo 'license get'
        case 'license|list' 'license|ls'
            echo 'license list'
        case 'notify|configure'
            echo 'notify configure'
        case 'notify|save'
            echo 'notify save'
        case 'notify|update'
            echo 'notify update'
        case 'org|get'
            echo 'org get'
        case 'org|list' 'org|ls'
            echo 'org list'
        case 'org|options'
            echo 'org options'
        case 'org|update'
            echo 'org update'
        case 'org options|add'
            echo 'org options add'
        case 'org options|apply'
            echo 'org options apply'
        case 'report|download'
            echo 'report download'
        case 'server|clone'
            echo 'server clone'
        case 'server|import'
            echo 'server import'
        case 'server|seed'
            echo 'server seed'
        case 'server|start'
            echo 'server start'
        case 'server|token'
            echo 'server token'
        case 'server token|create'
            echo 'server token create'
        case 'server token|list' 'server token|ls'
            echo 'server token list'
        case 'server token|revoke'
            echo 'server token revoke'
    end
end

# Options of a command that take a value.
function __ccp_own_value_opts
    switch "$argv[1]"
        case ''
            printf '%s\n' --base-url --token --auth-scheme -H --header --ca-file --client-cert --client-key --profile --time-zone --org --user --db -o --output --fields --query --timeout --timestamps --parallel
        case 'api'
            printf '%s\n' -f --file
        case 'codetype get'
            printf '%s\n' --interval
        case 'codetype list'
            printf '%s\n' --page --page-size --limit --where --sort-by --interval
        case 'edgedevice add'
            printf '%s\n' --name --serial --ip --port --location --description --long-description --devices -f --file --format --batch-size --failed-file --saved-file
        case 'edgedevice apply'
            printf '%s\n' -f --file --format --batch-size
        case 'edgedevice get'
            printf '%s\n' --interval
        case 'edgedevice list'
            printf '%s\n' --page --page-size --limit --where --sort-by --interval
        case 'edgedevice push'
            printf '%s\n' --flow --flow-id --flow-name -f --file --format
        case 'license get'
            printf '%s\n' --interval
        case 'license list'
            printf '%s\n' --page --page-size --limit --where --sort-by --interval
        case 'login'
            printf '%s\n' --username
        case 'notify configure'
            printf '%s\n' --notification --role
        case 'notify save'
            printf '%s\n' --type --option -f --file --format
        case 'notify update'
            printf '%s\n' --type --option -f --file --format
        case 'org get'
            printf '%s\n' --interval
        case 'org list'
            printf '%s\n' --page --page-size --limit --where --sort-by --interval
        case 'org options add'
            printf '%s\n' -f --file --format
        case 'org options apply'
            printf '%s\n' -f --file --format
        case 'org update'
            printf '%s\n' --name --admin --city --country --email --mobile --pin --state --street --website -f --file --format
        case 'report download'
            printf '%s\n' --template --type -O --out
        case 'server clone'
            printf '%s\n' --from
        case 'server start'
            printf '%s\n' --host --port
        case 'server token create'
            printf '%s\n' --role
    end
end

function __ccp_value_opts -d 'value-taking options under a path, its ancestors included'
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

complete -c ccp -f
complete -c ccp -s h -l help -d 'show help for a command'

complete -c ccp -n '__ccp_at ""' -a api -d 'Send any request: the envelope from a file (or stdin), the whole response envelope printed'
complete -c ccp -n '__ccp_at ""' -a code -d 'Codes: get'
complete -c ccp -n '__ccp_at ""' -a codetype -d 'Code types: list, get'
complete -c ccp -n '__ccp_at ""' -a completion -d 'print a shell completion script (bash, zsh or fish)'
complete -c ccp -n '__ccp_at ""' -a config -d 'read and change configuration profiles (base URL, token, org, user, time zone, output, timeout)'
complete -c ccp -n '__ccp_at ""' -a edgedevice -d 'Edge devices: list, get, add, push flows, apply'
complete -c ccp -n '__ccp_at ""' -a help -d 'show help for a command: ccp help <command> [verb]'
complete -c ccp -n '__ccp_at ""' -a license -d 'Licenses: list, get, activate, deactivate (by key or uuid)'
complete -c ccp -n '__ccp_at ""' -a login -d 'set up a profile for a service: asks, checks with one request, then saves'
complete -c ccp -n '__ccp_at ""' -a logout -d 'remove the profile\'s token from the credential store or the config file'
complete -c ccp -n '__ccp_at ""' -a notify -d 'Notifications: save, update, configure for a role'
complete -c ccp -n '__ccp_at ""' -a org -d 'Organizations: list and get sub-organizations, update, options'
complete -c ccp -n '__ccp_at ""' -a report -d 'Reports: download'
complete -c ccp -n '__ccp_at ""' -a server -d 'The embedded server: start, import, seed, clone, tokens'
complete -c ccp -n '__ccp_at ""' -a status -d 'check the target: reachable, TLS, credentials, clock skew (exit 0 only when all hold)'
complete -c ccp -s V -l version -d 'print the version'
complete -c ccp -l base-url -x -d 'service address (env CCP_BASE_URL); none: the embedded local server'
complete -c ccp -l token -x -d 'token (env CCP_TOKEN); \'-\' reads it from stdin, out of shell history'
complete -c ccp -l auth-scheme -x -d 'how the token is sent: bearer, basic (user:password) or header:NAME (env CCP_AUTH_SCHEME)'
complete -c ccp -s H -l header -x -d '\'Name: value\' added to every request (repeatable; profile key headers)'
complete -c ccp -l ca-file -r -F -d 'PEM certificate authorities trusted besides the runtime\'s (env CCP_CA_FILE)'
complete -c ccp -l client-cert -r -F -d 'PEM client certificate for mutual TLS (env CCP_CLIENT_CERT)'
complete -c ccp -l client-key -r -F -d 'the client certificate\'s PEM private key (env CCP_CLIENT_KEY)'
complete -c ccp -l insecure -d 'skip verification of the service\'s TLS certificate (warns)'
complete -c ccp -l profile -x -a '(__ccp_live profile)' -d 'configuration profile (env CCP_PROFILE)'
complete -c ccp -l time-zone -x -a '(__ccp_live zone)' -d 'IANA time zone sent as time_zone (env CCP_TIME_ZONE)'
complete -c ccp -l org -x -a '(__ccp_live org)' -d 'organization uuid for request metadata'
complete -c ccp -l user -x -a '(__ccp_live user)' -d 'user uuid for request metadata'
complete -c ccp -l db -r -F -d 'local database of the embedded server (env CCP_DB)'
complete -c ccp -s o -l output -x -a 'table json ndjson csv yaml name' -d 'output format; name prints one uuid a line (default: table on a terminal, json otherwise)'
complete -c ccp -l json -d 'same as --output json'
complete -c ccp -l fields -x -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -l query -x -d 'JMESPath expression: applied to the whole array (json, yaml) or to each record (ndjson)'
complete -c ccp -l no-headers -d 'no header row in table and csv output'
complete -c ccp -l csv-raw -d 'csv cells as they are, without the \' before a formula character (env CCP_CSV_RAW)'
complete -c ccp -l no-pager -d 'never page long output on a terminal (CCP_PAGER, PAGER, less -FRX)'
complete -c ccp -l no-color -d 'no colour (NO_COLOR is honoured too)'
complete -c ccp -l verbose -d 'trace each HTTP exchange on stderr (token and secret headers redacted)'
complete -c ccp -s q -l quiet -d 'no notes, progress or spinner on stderr (errors still print)'
complete -c ccp -l timeout -x -d 'per-request timeout: 500ms, 30s, 2m or a number of seconds (default 30s)'
complete -c ccp -l timestamps -x -a 'service iso' -d 'timestamps in json, ndjson, yaml and csv: as the service sent them, or iso (ISO 8601 UTC) (env CCP_TIMESTAMPS)'
complete -c ccp -l parallel -x -d 'page requests in flight when walking a remote listing whose length is known (default 4; 1 to 32)'
complete -c ccp -l no-input -d 'never prompt; fail with a usage error instead'

complete -c ccp -n '__ccp_under "api"' -s f -l file -r -F -d 'request body: an envelope or a bare array of records; - for stdin'
complete -c ccp -n '__ccp_under "api"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'
complete -c ccp -n '__ccp_at "api"' -a 'GET POST PUT DELETE'

complete -c ccp -n '__ccp_at "code"' -a get -d 'Fetch a code with its code type (POST /codes)'

complete -c ccp -n '__ccp_at "codetype"' -a get -d 'Show code types by uuid or identifier (walks GET /codeTypes/{pageNo})'
complete -c ccp -n '__ccp_at "codetype"' -a list -d 'List code types with their codes (GET /codeTypes/{pageNo})'

complete -c ccp -n '__ccp_under "codetype get"' -s w -l watch -d 'after the first read, print only what changes (added, changed, gone), reading again every --interval; Ctrl-C ends it'
complete -c ccp -n '__ccp_under "codetype get"' -l interval -x -d 'with --watch, how long between reads: 500ms, 2s, 1m (default 2s)'
complete -c ccp -n '__ccp_at "codetype get"' -a '(__ccp_live codetype)'

complete -c ccp -n '__ccp_under "codetype list"' -l page -x -d 'page to fetch, from 0'
complete -c ccp -n '__ccp_under "codetype list"' -l page-size -x -d 'records per page (default 100)'
complete -c ccp -n '__ccp_under "codetype list"' -l all -d 'follow pages until the last one, writing records as they arrive'
complete -c ccp -n '__ccp_under "codetype list"' -l limit -x -d 'stop after n records, following pages as needed; with --sort-by, the first n of the whole listing'
complete -c ccp -n '__ccp_under "codetype list"' -l where -x -d 'keep records where FIELD=VALUE, FIELD!=VALUE, FIELD~TEXT (any case), or FIELD<VALUE, <=, >, >= (numbers, and timestamps by instant: createdOn>2026-01-31); repeatable, all must hold; FIELD may be a dot path'
complete -c ccp -n '__ccp_under "codetype list"' -l sort-by -x -d 'order by a field (a dot path), timestamps by instant, missing values last; reads the page, or with --all or --limit the whole listing, before printing'
complete -c ccp -n '__ccp_under "codetype list"' -l reverse -d 'with --sort-by, the other way: highest or latest first'
complete -c ccp -n '__ccp_under "codetype list"' -s w -l watch -d 'after the first read, print only what changes (added, changed, gone), reading again every --interval; Ctrl-C ends it'
complete -c ccp -n '__ccp_under "codetype list"' -l interval -x -d 'with --watch, how long between reads: 500ms, 2s, 1m (default 2s)'

complete -c ccp -n '__ccp_at "completion"' -a 'bash zsh fish'

complete -c ccp -n '__ccp_at "config"' -a get -d 'print the value of a configuration key'
complete -c ccp -n '__ccp_at "config"' -a list -d 'show every key of a profile, its value and its source'
complete -c ccp -n '__ccp_at "config"' -a set -d 'store a configuration value in a profile (validated first)'
complete -c ccp -n '__ccp_at "config"' -a unset -d 'remove a configuration value from a profile'
complete -c ccp -n '__ccp_at "config"' -a use -d 'make a profile the current one (CCP_PROFILE and --profile still override it)'

complete -c ccp -n '__ccp_under "config get"' -l reveal -d 'print a token in full instead of masked'
complete -c ccp -n '__ccp_at "config get"' -a 'base-url token org user time-zone output timeout timestamps parallel auth-scheme headers token-command ca-file client-cert client-key insecure csv-raw db'

complete -c ccp -n '__ccp_under "config list"' -l profiles -d 'list the profile names instead'

complete -c ccp -n '__ccp_at "config set"' -a 'base-url token org user time-zone output timeout timestamps parallel auth-scheme headers token-command ca-file client-cert client-key insecure csv-raw db'

complete -c ccp -n '__ccp_at "config unset"' -a 'base-url token org user time-zone output timeout timestamps parallel auth-scheme headers token-command ca-file client-cert client-key insecure csv-raw db'

complete -c ccp -n '__ccp_at "config use"' -a '(__ccp_live profile)'

complete -c ccp -n '__ccp_at "edgedevice"' -a add -d 'Add edge devices (POST /edgedevice/org/{orgUuid}/user/{userUuid}/add), from flags or a file'
complete -c ccp -n '__ccp_at "edgedevice"' -a apply -d 'Make the organization\'s edge devices match a file: plan what to create, update and disable, then apply'
complete -c ccp -n '__ccp_at "edgedevice"' -a get -d 'Show edge devices by uuid or serial number (walks GET /edgedevice/all/{pageNo})'
complete -c ccp -n '__ccp_at "edgedevice"' -a list -d 'List the edge devices in your scope (GET /edgedevice/all/{pageNo})'
complete -c ccp -n '__ccp_at "edgedevice"' -a push -d 'Push flow definitions to edge devices (POST /edgedevice/push): a flow file, or a file of devices'

complete -c ccp -n '__ccp_under "edgedevice add"' -l name -x -d 'device name (edgeDeviceName)'
complete -c ccp -n '__ccp_under "edgedevice add"' -l serial -x -d 'serial number, unique within the organization'
complete -c ccp -n '__ccp_under "edgedevice add"' -l ip -x -d 'IP address (ipAdress)'
complete -c ccp -n '__ccp_under "edgedevice add"' -l port -x -d 'port'
complete -c ccp -n '__ccp_under "edgedevice add"' -l location -x -d 'location'
complete -c ccp -n '__ccp_under "edgedevice add"' -l description -x -d 'short description'
complete -c ccp -n '__ccp_under "edgedevice add"' -l long-description -x -d 'long description'
complete -c ccp -n '__ccp_under "edgedevice add"' -l devices -x -d 'number of devices behind it (noOfdevices)'
complete -c ccp -n '__ccp_under "edgedevice add"' -l active -d 'mark the device active'
complete -c ccp -n '__ccp_under "edgedevice add"' -l disabled -d 'mark the device disabled'
complete -c ccp -n '__ccp_under "edgedevice add"' -s f -l file -r -F -d 'read devices (columns: field names or these flag names) from a JSON (array or envelope), NDJSON, CSV or YAML file; - for stdin'
complete -c ccp -n '__ccp_under "edgedevice add"' -l format -x -a 'json ndjson csv yaml' -d 'input format, and the format of --skeleton (default: from the extension, or told from the content)'
complete -c ccp -n '__ccp_under "edgedevice add"' -l ignore-unknown -d 'drop fields and columns the record does not have, instead of failing'
complete -c ccp -n '__ccp_under "edgedevice add"' -l skeleton -d 'print an input template for -f (json, or --format) and exit'
complete -c ccp -n '__ccp_under "edgedevice add"' -l batch-size -x -d 'devices per request (fewer when they would pass 512 KiB)'
complete -c ccp -n '__ccp_under "edgedevice add"' -l skip-existing -d 'skip devices whose serial number the organization already has'
complete -c ccp -n '__ccp_under "edgedevice add"' -l continue-on-error -d 'go on after a failed batch; failed rows go to --failed-file'
complete -c ccp -n '__ccp_under "edgedevice add"' -l failed-file -r -F -d 'where rows not saved are written (default <input>.failed.<ext>)'
complete -c ccp -n '__ccp_under "edgedevice add"' -l saved-file -r -F -d 'where saved records are appended as batches succeed (default <input>.saved.ndjson)'
complete -c ccp -n '__ccp_under "edgedevice add"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'

complete -c ccp -n '__ccp_under "edgedevice apply"' -s f -l file -r -F -d 'read the devices as they should be from a JSON (array or envelope), NDJSON, CSV or YAML file; - for stdin'
complete -c ccp -n '__ccp_under "edgedevice apply"' -l format -x -a 'json ndjson csv yaml' -d 'input format, and the format of --skeleton (default: from the extension, or told from the content)'
complete -c ccp -n '__ccp_under "edgedevice apply"' -l ignore-unknown -d 'drop fields and columns the record does not have, instead of failing'
complete -c ccp -n '__ccp_under "edgedevice apply"' -l skeleton -d 'print an input template for -f (json, or --format) and exit'
complete -c ccp -n '__ccp_under "edgedevice apply"' -l dry-run -d 'print the plan and send nothing'
complete -c ccp -n '__ccp_under "edgedevice apply"' -s y -l yes -d 'apply without asking (a terminal asks first; a script never does)'
complete -c ccp -n '__ccp_under "edgedevice apply"' -l disable-missing -d 'disable (isDisabled: true) the organization\'s devices the file does not name'
complete -c ccp -n '__ccp_under "edgedevice apply"' -l batch-size -x -d 'devices per request (fewer when they would pass 512 KiB)'

complete -c ccp -n '__ccp_under "edgedevice get"' -s w -l watch -d 'after the first read, print only what changes (added, changed, gone), reading again every --interval; Ctrl-C ends it'
complete -c ccp -n '__ccp_under "edgedevice get"' -l interval -x -d 'with --watch, how long between reads: 500ms, 2s, 1m (default 2s)'
complete -c ccp -n '__ccp_at "edgedevice get"' -a '(__ccp_live device)'

complete -c ccp -n '__ccp_under "edgedevice list"' -l page -x -d 'page to fetch, from 0'
complete -c ccp -n '__ccp_under "edgedevice list"' -l page-size -x -d 'records per page (default 100)'
complete -c ccp -n '__ccp_under "edgedevice list"' -l all -d 'follow pages until the last one, writing records as they arrive'
complete -c ccp -n '__ccp_under "edgedevice list"' -l limit -x -d 'stop after n records, following pages as needed; with --sort-by, the first n of the whole listing'
complete -c ccp -n '__ccp_under "edgedevice list"' -l where -x -d 'keep records where FIELD=VALUE, FIELD!=VALUE, FIELD~TEXT (any case), or FIELD<VALUE, <=, >, >= (numbers, and timestamps by instant: createdOn>2026-01-31); repeatable, all must hold; FIELD may be a dot path'
complete -c ccp -n '__ccp_under "edgedevice list"' -l sort-by -x -d 'order by a field (a dot path), timestamps by instant, missing values last; reads the page, or with --all or --limit the whole listing, before printing'
complete -c ccp -n '__ccp_under "edgedevice list"' -l reverse -d 'with --sort-by, the other way: highest or latest first'
complete -c ccp -n '__ccp_under "edgedevice list"' -s w -l watch -d 'after the first read, print only what changes (added, changed, gone), reading again every --interval; Ctrl-C ends it'
complete -c ccp -n '__ccp_under "edgedevice list"' -l interval -x -d 'with --watch, how long between reads: 500ms, 2s, 1m (default 2s)'

complete -c ccp -n '__ccp_under "edgedevice push"' -l flow -r -F -d 'a file holding the flow as JSON (a Node-RED export, or any JSON) to push'
complete -c ccp -n '__ccp_under "edgedevice push"' -l flow-id -x -d 'the flow\'s id (default: the Node-RED tab node\'s id, else the file name)'
complete -c ccp -n '__ccp_under "edgedevice push"' -l flow-name -x -d 'the flow\'s name (default: the tab node\'s label, else the file name)'
complete -c ccp -n '__ccp_under "edgedevice push"' -s f -l file -r -F -d 'read devices with their edgeFlows from a JSON (array or envelope), NDJSON, CSV or YAML file; - for stdin'
complete -c ccp -n '__ccp_under "edgedevice push"' -l format -x -a 'json ndjson csv yaml' -d 'input format, and the format of --skeleton (default: from the extension, or told from the content)'
complete -c ccp -n '__ccp_under "edgedevice push"' -l ignore-unknown -d 'drop fields and columns the record does not have, instead of failing'
complete -c ccp -n '__ccp_under "edgedevice push"' -l skeleton -d 'print an input template for -f (json, or --format) and exit'
complete -c ccp -n '__ccp_under "edgedevice push"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'
complete -c ccp -n '__ccp_at "edgedevice push"' -a '(__ccp_live device)'

complete -c ccp -n '__ccp_at "license"' -a activate -d 'Activate a license by its key, serial number or uuid (PUT /license/{uuid}/activate); says when it already is active'
complete -c ccp -n '__ccp_at "license"' -a deactivate -d 'Deactivate a license by its key, serial number or uuid (PUT /license/{uuid}/deactivate); says when it already is inactive'
complete -c ccp -n '__ccp_at "license"' -a get -d 'Show licenses by license key, serial number or uuid (read from the licenses report)'
complete -c ccp -n '__ccp_at "license"' -a list -d 'List the licenses in your scope: key, serial number, status, days left (the licenses report, POST /download)'

complete -c ccp -n '__ccp_under "license activate"' -s y -l yes -d 'activate a license whose term has ended without asking (a terminal asks first; a script warns and goes on)'
complete -c ccp -n '__ccp_under "license activate"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'
complete -c ccp -n '__ccp_at "license activate"' -a '(__ccp_live license)'

complete -c ccp -n '__ccp_under "license deactivate"' -s y -l yes -d 'deactivate without asking (a terminal asks first; a script never does)'
complete -c ccp -n '__ccp_under "license deactivate"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'
complete -c ccp -n '__ccp_at "license deactivate"' -a '(__ccp_live license)'

complete -c ccp -n '__ccp_under "license get"' -s w -l watch -d 'after the first read, print only what changes (added, changed, gone), reading again every --interval; Ctrl-C ends it'
complete -c ccp -n '__ccp_under "license get"' -l interval -x -d 'with --watch, how long between reads: 500ms, 2s, 1m (default 2s)'
complete -c ccp -n '__ccp_at "license get"' -a '(__ccp_live license)'

complete -c ccp -n '__ccp_under "license list"' -l page -x -d 'page to fetch, from 0'
complete -c ccp -n '__ccp_under "license list"' -l page-size -x -d 'records per page (default 100)'
complete -c ccp -n '__ccp_under "license list"' -l all -d 'follow pages until the last one, writing records as they arrive'
complete -c ccp -n '__ccp_under "license list"' -l limit -x -d 'stop after n records, following pages as needed; with --sort-by, the first n of the whole listing'
complete -c ccp -n '__ccp_under "license list"' -l where -x -d 'keep records where FIELD=VALUE, FIELD!=VALUE, FIELD~TEXT (any case), or FIELD<VALUE, <=, >, >= (numbers, and timestamps by instant: createdOn>2026-01-31); repeatable, all must hold; FIELD may be a dot path'
complete -c ccp -n '__ccp_under "license list"' -l sort-by -x -d 'order by a field (a dot path), timestamps by instant, missing values last; reads the page, or with --all or --limit the whole listing, before printing'
complete -c ccp -n '__ccp_under "license list"' -l reverse -d 'with --sort-by, the other way: highest or latest first'
complete -c ccp -n '__ccp_under "license list"' -s w -l watch -d 'after the first read, print only what changes (added, changed, gone), reading again every --interval; Ctrl-C ends it'
complete -c ccp -n '__ccp_under "license list"' -l interval -x -d 'with --watch, how long between reads: 500ms, 2s, 1m (default 2s)'

complete -c ccp -n '__ccp_under "login"' -l with-token -d 'read the token (or password) from stdin; the way to log in without a terminal'
complete -c ccp -n '__ccp_under "login"' -l username -x -d 'user for --auth-scheme basic (the password comes from stdin)'
complete -c ccp -n '__ccp_under "login"' -l force -d 'save even when the check fails'
complete -c ccp -n '__ccp_under "login"' -l use -d 'make the saved profile the current one (it is when there is none)'
complete -c ccp -n '__ccp_under "login"' -l insecure-storage -d 'keep the secret in the config file (mode 0600), not the system\'s credential store'

complete -c ccp -n '__ccp_at "notify"' -a configure -d 'Configure a notification for a role (POST /notification/configure)'
complete -c ccp -n '__ccp_at "notify"' -a save -d 'Create notifications with their options (POST /notification)'
complete -c ccp -n '__ccp_at "notify"' -a update -d 'Update notifications by uuid: only the fields given change; --option replaces the options (PUT /notification)'

complete -c ccp -n '__ccp_under "notify configure"' -l notification -x -d 'the notification'
complete -c ccp -n '__ccp_under "notify configure"' -l role -x -d 'the role it is for'
complete -c ccp -n '__ccp_under "notify configure"' -l apply-to-sub-organizations -d 'apply it to the sub-organizations too'
complete -c ccp -n '__ccp_under "notify configure"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'

complete -c ccp -n '__ccp_under "notify save"' -l type -x -d 'notification type, e.g. EMAIL'
complete -c ccp -n '__ccp_under "notify save"' -l option -x -d 'a notification option (attributeName=attributeValue); repeat it'
complete -c ccp -n '__ccp_under "notify save"' -l active -d 'mark it active'
complete -c ccp -n '__ccp_under "notify save"' -l inactive -d 'mark it inactive'
complete -c ccp -n '__ccp_under "notify save"' -s f -l file -r -F -d 'read notifications from a JSON (array or envelope), NDJSON, CSV or YAML file; - for stdin'
complete -c ccp -n '__ccp_under "notify save"' -l format -x -a 'json ndjson csv yaml' -d 'input format, and the format of --skeleton (default: from the extension, or told from the content)'
complete -c ccp -n '__ccp_under "notify save"' -l ignore-unknown -d 'drop fields and columns the record does not have, instead of failing'
complete -c ccp -n '__ccp_under "notify save"' -l skeleton -d 'print an input template for -f (json, or --format) and exit'
complete -c ccp -n '__ccp_under "notify save"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'

complete -c ccp -n '__ccp_under "notify update"' -l type -x -d 'notification type, e.g. EMAIL'
complete -c ccp -n '__ccp_under "notify update"' -l option -x -d 'a notification option (attributeName=attributeValue); repeat it'
complete -c ccp -n '__ccp_under "notify update"' -l active -d 'mark it active'
complete -c ccp -n '__ccp_under "notify update"' -l inactive -d 'mark it inactive'
complete -c ccp -n '__ccp_under "notify update"' -s f -l file -r -F -d 'read notifications from a JSON (array or envelope), NDJSON, CSV or YAML file; - for stdin'
complete -c ccp -n '__ccp_under "notify update"' -l format -x -a 'json ndjson csv yaml' -d 'input format, and the format of --skeleton (default: from the extension, or told from the content)'
complete -c ccp -n '__ccp_under "notify update"' -l ignore-unknown -d 'drop fields and columns the record does not have, instead of failing'
complete -c ccp -n '__ccp_under "notify update"' -l skeleton -d 'print an input template for -f (json, or --format) and exit'
complete -c ccp -n '__ccp_under "notify update"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'

complete -c ccp -n '__ccp_at "org"' -a get -d 'Show sub-organizations by uuid or name (walks GET /org/{orgUuid}/org/{pageNo})'
complete -c ccp -n '__ccp_at "org"' -a list -d 'List the sub-organizations of an organization (GET /org/{orgUuid}/org/{pageNo})'
complete -c ccp -n '__ccp_at "org"' -a options -d 'Organization options: add, apply'
complete -c ccp -n '__ccp_at "org"' -a update -d 'Update an organization and its address (PUT /org/update): the fields given, from flags or a file'

complete -c ccp -n '__ccp_under "org get"' -s w -l watch -d 'after the first read, print only what changes (added, changed, gone), reading again every --interval; Ctrl-C ends it'
complete -c ccp -n '__ccp_under "org get"' -l interval -x -d 'with --watch, how long between reads: 500ms, 2s, 1m (default 2s)'
complete -c ccp -n '__ccp_at "org get"' -a '(__ccp_live org)'

complete -c ccp -n '__ccp_under "org list"' -l page -x -d 'page to fetch, from 0'
complete -c ccp -n '__ccp_under "org list"' -l page-size -x -d 'records per page (default 100)'
complete -c ccp -n '__ccp_under "org list"' -l all -d 'follow pages until the last one, writing records as they arrive'
complete -c ccp -n '__ccp_under "org list"' -l limit -x -d 'stop after n records, following pages as needed; with --sort-by, the first n of the whole listing'
complete -c ccp -n '__ccp_under "org list"' -l where -x -d 'keep records where FIELD=VALUE, FIELD!=VALUE, FIELD~TEXT (any case), or FIELD<VALUE, <=, >, >= (numbers, and timestamps by instant: createdOn>2026-01-31); repeatable, all must hold; FIELD may be a dot path'
complete -c ccp -n '__ccp_under "org list"' -l sort-by -x -d 'order by a field (a dot path), timestamps by instant, missing values last; reads the page, or with --all or --limit the whole listing, before printing'
complete -c ccp -n '__ccp_under "org list"' -l reverse -d 'with --sort-by, the other way: highest or latest first'
complete -c ccp -n '__ccp_under "org list"' -s w -l watch -d 'after the first read, print only what changes (added, changed, gone), reading again every --interval; Ctrl-C ends it'
complete -c ccp -n '__ccp_under "org list"' -l interval -x -d 'with --watch, how long between reads: 500ms, 2s, 1m (default 2s)'
complete -c ccp -n '__ccp_at "org list"' -a '(__ccp_live org)'

complete -c ccp -n '__ccp_at "org options"' -a add -d 'Add or replace organization options by key (POST /org/options/org/{orgUuid}/add)'
complete -c ccp -n '__ccp_at "org options"' -a apply -d 'Set the organization options a file gives (key/value records): plan, then apply'

complete -c ccp -n '__ccp_under "org options add"' -s f -l file -r -F -d 'read options from a JSON (array or envelope), NDJSON, CSV or YAML file; - for stdin'
complete -c ccp -n '__ccp_under "org options add"' -l format -x -a 'json ndjson csv yaml' -d 'input format, and the format of --skeleton (default: from the extension, or told from the content)'
complete -c ccp -n '__ccp_under "org options add"' -l ignore-unknown -d 'drop fields and columns the record does not have, instead of failing'
complete -c ccp -n '__ccp_under "org options add"' -l skeleton -d 'print an input template for -f (json, or --format) and exit'
complete -c ccp -n '__ccp_under "org options add"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'

complete -c ccp -n '__ccp_under "org options apply"' -s f -l file -r -F -d 'read the options as they should be from a JSON (array or envelope), NDJSON, CSV or YAML file; - for stdin'
complete -c ccp -n '__ccp_under "org options apply"' -l format -x -a 'json ndjson csv yaml' -d 'input format, and the format of --skeleton (default: from the extension, or told from the content)'
complete -c ccp -n '__ccp_under "org options apply"' -l ignore-unknown -d 'drop fields and columns the record does not have, instead of failing'
complete -c ccp -n '__ccp_under "org options apply"' -l skeleton -d 'print an input template for -f (json, or --format) and exit'
complete -c ccp -n '__ccp_under "org options apply"' -l dry-run -d 'print the plan and send nothing'
complete -c ccp -n '__ccp_under "org options apply"' -s y -l yes -d 'apply without asking (a terminal asks first; a script never does)'

complete -c ccp -n '__ccp_under "org update"' -l name -x -d 'organization name (orgName)'
complete -c ccp -n '__ccp_under "org update"' -l admin -x -d 'organization admin (orgAdmin)'
complete -c ccp -n '__ccp_under "org update"' -l demo -d 'mark it a demo organization (isDemo)'
complete -c ccp -n '__ccp_under "org update"' -l no-demo -d 'mark it not a demo organization'
complete -c ccp -n '__ccp_under "org update"' -l city -x -d 'address: city'
complete -c ccp -n '__ccp_under "org update"' -l country -x -d 'address: country'
complete -c ccp -n '__ccp_under "org update"' -l email -x -d 'address: e-mail (orgEmail)'
complete -c ccp -n '__ccp_under "org update"' -l mobile -x -d 'address: mobile (orgMobile)'
complete -c ccp -n '__ccp_under "org update"' -l pin -x -d 'address: postal code'
complete -c ccp -n '__ccp_under "org update"' -l state -x -d 'address: state'
complete -c ccp -n '__ccp_under "org update"' -l street -x -d 'address: street (streetAddress)'
complete -c ccp -n '__ccp_under "org update"' -l website -x -d 'address: website'
complete -c ccp -n '__ccp_under "org update"' -s f -l file -r -F -d 'read organizations from a JSON (array or envelope), NDJSON, CSV or YAML file; - for stdin'
complete -c ccp -n '__ccp_under "org update"' -l format -x -a 'json ndjson csv yaml' -d 'input format, and the format of --skeleton (default: from the extension, or told from the content)'
complete -c ccp -n '__ccp_under "org update"' -l ignore-unknown -d 'drop fields and columns the record does not have, instead of failing'
complete -c ccp -n '__ccp_under "org update"' -l skeleton -d 'print an input template for -f (json, or --format) and exit'
complete -c ccp -n '__ccp_under "org update"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'
complete -c ccp -n '__ccp_at "org update"' -a '(__ccp_live org)'

complete -c ccp -n '__ccp_at "report"' -a download -d 'Download a report (POST /download) and save it'

complete -c ccp -n '__ccp_under "report download"' -l template -x -a 'edge-devices sub-organizations code-types licenses notifications' -d 'the report'
complete -c ccp -n '__ccp_under "report download"' -l type -x -a 'csv json pdf' -d 'the file type'
complete -c ccp -n '__ccp_under "report download"' -s O -l out -r -F -d 'where to save it: a folder or a file (default: the report\'s name here); - for stdout'
complete -c ccp -n '__ccp_under "report download"' -l force -d 'overwrite an existing file'
complete -c ccp -n '__ccp_under "report download"' -l dry-run -d 'print the request (method, URL, envelope) as JSON and send nothing'

complete -c ccp -n '__ccp_at "server"' -a clone -d 'Copy what a profile can list on its service into a local database, to rehearse on'
complete -c ccp -n '__ccp_at "server"' -a import -d 'Load a fixture file (organizations, licenses, codeTypes, codes, edgeDevices, notifications)'
complete -c ccp -n '__ccp_at "server"' -a seed -d 'Load the demo data set (deterministic; seeding twice leaves one copy)'
complete -c ccp -n '__ccp_at "server"' -a start -d 'Run the embedded server in the foreground until SIGINT or SIGTERM'
complete -c ccp -n '__ccp_at "server"' -a token -d 'Bearer tokens of the embedded server'

complete -c ccp -n '__ccp_under "server clone"' -l from -x -a '(__ccp_live profile)' -d 'the profile whose service (base URL and credentials) is copied'

complete -c ccp -n '__ccp_at "server import"' -F

complete -c ccp -n '__ccp_under "server seed"' -l demo -d 'the demo data set (the only one there is, named so the intent is explicit)'
complete -c ccp -n '__ccp_under "server seed"' -l force -d 'replace demo records changed since they were seeded (a terminal asks first; a script never does)'

complete -c ccp -n '__ccp_under "server start"' -l host -x -d 'address to listen on'
complete -c ccp -n '__ccp_under "server start"' -l port -x -d 'port to listen on; 0 picks a free one'

complete -c ccp -n '__ccp_at "server token"' -a create -d 'Create a bearer token for an organization; prints the token alone on stdout'
complete -c ccp -n '__ccp_at "server token"' -a list -d 'List the live tokens: id, organization, role, user, created, last used (never the token)'
complete -c ccp -n '__ccp_at "server token"' -a revoke -d 'Revoke a token by its id (from `ccp server token list`): it gets 401 at once, in every process'

complete -c ccp -n '__ccp_under "server token create"' -l role -x -a 'admin operator viewer' -d 'what the token may do'

# --fields takes the field names of the records each command prints.
complete -c ccp -n '__ccp_at "code get"' -l fields -x -a '(__ccp_list uuid clazz codeIdentifier shortDescription longDescription value isActive createdOn updatedOn codeType)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "codetype get"' -l fields -x -a '(__ccp_list uuid clazz codeTypeIdentifier shortDescription longDescription value isActive createdOn updatedOn codes)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "codetype list"' -l fields -x -a '(__ccp_list uuid clazz codeTypeIdentifier shortDescription longDescription value isActive createdOn updatedOn codes)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "edgedevice add"' -l fields -x -a '(__ccp_list uuid edgeDeviceName serialNumber ipAdress port location shortDescription longDescription noOfdevices isActive isDisabled orgUUID userUUID createdOn modifiedOn edgeFlows externalReferences)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "edgedevice apply"' -l fields -x -a '(__ccp_list uuid edgeDeviceName serialNumber ipAdress port location shortDescription longDescription noOfdevices isActive isDisabled orgUUID userUUID createdOn modifiedOn edgeFlows externalReferences)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "edgedevice get"' -l fields -x -a '(__ccp_list uuid edgeDeviceName serialNumber ipAdress port location shortDescription longDescription noOfdevices isActive isDisabled orgUUID userUUID createdOn modifiedOn edgeFlows externalReferences)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "edgedevice list"' -l fields -x -a '(__ccp_list uuid edgeDeviceName serialNumber ipAdress port location shortDescription longDescription noOfdevices isActive isDisabled orgUUID userUUID createdOn modifiedOn edgeFlows externalReferences)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "edgedevice push"' -l fields -x -a '(__ccp_list uuid edgeDeviceName serialNumber ipAdress port location shortDescription longDescription noOfdevices isActive isDisabled orgUUID userUUID createdOn modifiedOn edgeFlows externalReferences)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "license activate"' -l fields -x -a '(__ccp_list uuid attributeName serialNumber value createOn updatedOn licenseDetails)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "license deactivate"' -l fields -x -a '(__ccp_list uuid attributeName serialNumber value createOn updatedOn licenseDetails)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "license get"' -l fields -x -a '(__ccp_list uuid attributeName serialNumber value createOn updatedOn licenseDetails)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "license list"' -l fields -x -a '(__ccp_list uuid attributeName serialNumber value createOn updatedOn licenseDetails)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "notify configure"' -l fields -x -a '(__ccp_list uuid notificationUuid organizationUuid roleUuid createdBy updatedBy applyToSubOrganizaitons isActive isLinked createdOn updatedOn)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "notify save"' -l fields -x -a '(__ccp_list uuid type createdBy updatedBy isActive createdOn updatedOn notificationOptions)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "notify update"' -l fields -x -a '(__ccp_list uuid type createdBy updatedBy isActive createdOn updatedOn notificationOptions)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "org get"' -l fields -x -a '(__ccp_list uuid codeUuid orgAdmin orgName organizationUuid userUuid isActive isDemo createdOn updatedOn orgAddress suborganization)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "org list"' -l fields -x -a '(__ccp_list uuid codeUuid orgAdmin orgName organizationUuid userUuid isActive isDemo createdOn updatedOn orgAddress suborganization)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "org options add"' -l fields -x -a '(__ccp_list uuid key value organizationUuid isActive createdOn updatedOn)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "org options apply"' -l fields -x -a '(__ccp_list uuid key value organizationUuid isActive createdOn updatedOn)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "org update"' -l fields -x -a '(__ccp_list uuid codeUuid orgAdmin orgName organizationUuid userUuid isActive isDemo createdOn updatedOn orgAddress suborganization)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
complete -c ccp -n '__ccp_at "report download"' -l fields -x -a '(__ccp_list detail emailData fileData fileType reportName templateKey token)' -d 'comma-separated fields to keep, in every format; dot paths reach nested ones'
