// What the CLI bundle gives undici's client in place of its HTTP/2 half (scripts/build.mjs): ccp never asks
// undici for HTTP/2 (no allowH2), and that module loads node:http2, with tls and crypto, as it loads.
module.exports = function connectH2() {
  throw new Error("HTTP/2 is not in ccp's build: ccp does not set allowH2");
};
