import { describe, expect, it, vi } from 'vitest';
import { DEVICES, render } from './helpers.js';

// Each library notes when it is first loaded, so the test sees which formats pull in which libraries.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('cli-table3', async (original) => {
  loaded.add('cli-table3');
  return original();
});
vi.mock('chalk', async (original) => {
  loaded.add('chalk');
  return original();
});
vi.mock('yaml', async (original) => {
  loaded.add('yaml');
  return original();
});
vi.mock('csv-stringify/sync', async (original) => {
  loaded.add('csv-stringify');
  return original();
});

describe('libraries load with the format that needs them', () => {
  it('in order: none for json and ndjson, then each format its own', async () => {
    await render(DEVICES, 'ndjson');
    await render(DEVICES, 'json');
    expect([...loaded]).toEqual([]);
    await render(DEVICES, 'csv');
    expect([...loaded]).toEqual(['csv-stringify']);
    await render(DEVICES, 'yaml');
    expect([...loaded]).toEqual(['csv-stringify', 'yaml']);
    await render(DEVICES, 'table');
    expect([...loaded]).toEqual(['csv-stringify', 'yaml', 'cli-table3']);
    await render(DEVICES, 'table', { color: true });
    expect([...loaded]).toEqual(['csv-stringify', 'yaml', 'cli-table3', 'chalk']);
  });
});
