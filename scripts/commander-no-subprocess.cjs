// What the CLI bundle gives commander in place of node:child_process (scripts/build.mjs). commander spawns a
// process only for an executable subcommand (`.command(name, description)` run as a file of its own); ccp
// declares none, yet commander requires node:child_process at its top, and with it net, dgram and the
// stream modules, for every command, `--help` included. Anything commander asks of it fails loudly.

module.exports = {
  spawn() {
    throw new Error(
      'ccp declares no executable subcommands: commander has no subprocess support in this build',
    );
  },
};
