// `npm run layers`: the import layers of src/ (.dependency-cruiser.cjs), checked by dependency-cruiser, which
// runs on Node 22 and later only. The check reads the sources, not the runtime: on Node 20 (end of life) it
// says so and passes, as every other line runs it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.log(`layers: dependency-cruiser needs Node 22 or later; not checked on ${process.version}`);
} else {
  const bin = fileURLToPath(new URL('../node_modules/.bin/depcruise', import.meta.url));
  const r = spawnSync(bin, ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
    stdio: 'inherit',
  });
  process.exitCode = r.status ?? 1;
}
