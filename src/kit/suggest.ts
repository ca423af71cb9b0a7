// The suggestion helper lives in domain, where the config and output layers reach it too.
export { Closest, didYouMean, editDistance } from '../domain/suggest.js';
