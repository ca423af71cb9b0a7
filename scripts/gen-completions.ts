// Writes completions/ccp.bash, completions/_ccp and completions/ccp.fish from the command tree.
// `--check` writes nothing and exits 1 when a checked-in file differs from what the tree generates.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCompletion } from '../src/cli/completion/generate.js';
import { buildProgram } from '../src/cli/program.js';

export const COMPLETION_FILES = { bash: 'ccp.bash', zsh: '_ccp', fish: 'ccp.fish' } as const;

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'completions');
const check = process.argv.includes('--check');
let stale = 0;
for (const [shell, file] of Object.entries(COMPLETION_FILES) as [keyof typeof COMPLETION_FILES, string][]) {
  const text = await generateCompletion(shell, buildProgram());
  const path = join(dir, file);
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {}
  if (current === text) continue;
  if (check) {
    process.stderr.write(`completions/${file} is out of date: run npm run completions\n`);
    stale++;
  } else {
    writeFileSync(path, text);
    process.stderr.write(`wrote completions/${file}\n`);
  }
}
process.exitCode = stale ? 1 : 0;
