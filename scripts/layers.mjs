// `npm run layers`: the import layers of src/ (.dependency-cruiser.cjs), checked by dependency-cruiser. It
// fails on a violation, and also on an issue dependency-cruiser finds in its environment (a parser it cannot
// load, say), which it only warns about although it may then miss imports: a check half run is not a pass.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { format } from 'dependency-cruiser';

const bin = fileURLToPath(new URL('../node_modules/.bin/depcruise', import.meta.url));
const r = spawnSync(bin, ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  maxBuffer: 1 << 30,
});
if (r.status !== 0 && !r.stdout?.length) {
  process.exitCode = r.status ?? 1;
} else {
  const result = JSON.parse(r.stdout.toString('utf8'));
  const { output, exitCode } = await format(result, { outputType: 'err' });
  process.stdout.write(output);
  const issues = result.summary.environment?.issues ?? [];
  if (issues.length > 0) console.error(`layers: not a full check (${issues.map((i) => i.name).join(', ')})`);
  process.exitCode = exitCode || (issues.length > 0 ? 1 : 0);
}
