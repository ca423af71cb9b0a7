// The help texts src/runtime/stored-help.ts prints: every command path's `--help` (`ccp`, `ccp edgedevice`,
// `ccp edgedevice list`, `ccp server token create`...), run through the CLI just built, with its stdout a file
// (80 columns, no colour) and a bare environment, one file each in dist/cli/help. The paths are read from the
// help itself: each text's "Commands:" names the next level. One process a level, not one a path.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Runs in the child: each path's help after a NUL-framed line naming it (no help holds a NUL).
const CHILD = `
const { writeSync } = await import('node:fs');
const { run } = await import(process.argv[1]);
for (const path of JSON.parse(process.argv[2])) {
  writeSync(1, '\\0' + path.join(' ') + '\\0');
  const code = await run(['node', 'ccp', ...path, '--help']);
  if (code !== 0) throw new Error('ccp ' + path.join(' ') + ' --help exited ' + code);
}
`;

/** The names under "Commands:" in a help text, `help` left out (it takes any path). */
function commandsOf(text) {
  const lines = text.split('\n');
  const at = lines.indexOf('Commands:');
  if (at < 0) return [];
  const names = [];
  for (const line of lines.slice(at + 1)) {
    if (line === '') break;
    const m = /^ {2}([a-z][a-z0-9-]*)/.exec(line);
    if (m && m[1] !== 'help') names.push(m[1]);
  }
  return names;
}

/** Writes dist/cli/help/ccp[.word...].txt for every command path; `file` names a path's file. */
export function writeHelpTable(root, file) {
  const out = join(root, 'dist', 'cli', 'help');
  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'ccp-help-'));
  try {
    let level = [[]];
    for (let depth = 0; level.length > 0; depth++) {
      const texts = join(scratch, `level-${depth}.txt`);
      const fd = openSync(texts, 'w');
      const r = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          CHILD,
          pathToFileURL(join(root, 'dist', 'cli', 'main.js')).href,
          JSON.stringify(level),
        ],
        // No variable of the user's: the stored text is what any environment prints into a file.
        { stdio: ['ignore', fd, 'inherit'], env: { PATH: process.env.PATH ?? '', HOME: scratch } },
      );
      closeSync(fd);
      if (r.status !== 0) throw new Error(`the help texts of ${JSON.stringify(level)}: exit ${r.status}`);
      const parts = readFileSync(texts, 'utf8').split('\0');
      const next = [];
      for (let i = 1; i < parts.length; i += 2) {
        const path = parts[i] === '' ? [] : parts[i].split(' ');
        writeFileSync(join(out, file(path)), parts[i + 1]);
        for (const name of commandsOf(parts[i + 1])) next.push([...path, name]);
      }
      level = next;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
