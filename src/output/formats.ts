// The output formats live in domain (the config layer reads them too): re-exported here for output's own.
export * from '../domain/output-formats.js';
