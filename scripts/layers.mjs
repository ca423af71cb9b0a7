// `npm run layers`: the import layers of src/ (.dependency-cruiser.cjs), checked by dependency-cruiser.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../node_modules/.bin/depcruise', import.meta.url));
const r = spawnSync(bin, ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
  stdio: 'inherit',
});
process.exitCode = r.status ?? 1;
