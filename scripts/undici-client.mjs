// What the CLI bundle takes of undici (scripts/build.mjs resolves `undici` to this file for src/): the
// agents, the errors and request(). undici's own entry also loads fetch, WebSocket, EventSource, the cache
// stores and the mocks, which no command uses: about 110 modules and 1 MB of a listing's start-up.
// A name src/ imports from 'undici' and this file does not export fails the build.

import api from 'undici/lib/api/index.js';
import errors from 'undici/lib/core/errors.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';

// As undici's entry does: request(), stream()... are methods of every dispatcher.
Object.assign(Dispatcher.prototype, api);

export { Agent, Dispatcher, EnvHttpProxyAgent, errors };

/** undici's request(url, options) for a URL and an explicit dispatcher, through the dispatcher's own request(). */
export function request(url, { dispatcher, ...options }) {
  if (!(url instanceof URL) || !dispatcher) {
    throw new errors.InvalidArgumentError('request() here takes a URL and options.dispatcher');
  }
  return dispatcher.request({
    ...options,
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: options.method || (options.body ? 'PUT' : 'GET'),
  });
}
