// What the CLI bundle gives a package that imports node:process (scripts/build.mjs): the process object
// itself, as require('node:process') gives it. Node's ES module of node:process reads every property of
// process as it loads, stdin, stdout and stderr too, so the first such import (conf's, on a first run) made
// process.stdout: fd 1 turned non-blocking, and stdout's descriptor writer (src/runtime) lost its blocking
// writes to the stream's queue and drain, which keeps a listing's page alive past its turn.
module.exports = process;
