// What the CLI bundle gives conf in place of ajv, ajv-formats and semver (scripts/build.mjs). conf uses the
// first two only when given a `schema`, `ajvOptions` or `rootSchema`, and semver only with `migrations`;
// ccp gives it none of these (it checks the file with its own zod schema), yet conf imports them at its top:
// about 270 KB of modules run by every command that writes the config file (a first run on a database).
// Anything conf asks of them fails loudly instead of quietly doing nothing.

const leftOut = (what) => () => {
  throw new Error(`${what} is not in ccp's build: conf is given no schema and no migrations`);
};

export class Ajv2020 {
  constructor() {
    leftOut('ajv')();
  }
}

// `ajvFormatsModule.default(ajv)` and `semver.eq(...)`, `semver.satisfies(...)`, ...
export default new Proxy({}, { get: (_, name) => leftOut(`ajv-formats or semver (${String(name)})`) });
