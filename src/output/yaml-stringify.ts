// yaml is CommonJS: bundled behind a dynamic import it would keep only a default export, so the dynamic
// imports load this module, which imports it statically and keeps the named export.
export { stringify } from 'yaml';
