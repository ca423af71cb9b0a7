import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/output/index.js';
import { NOW } from './helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [-30 * 1000, 'just now'],
    [-5 * MINUTE, '5 minutes ago'],
    [10 * MINUTE, 'in 10 minutes'],
    [-3 * HOUR, '3 hours ago'],
    [-DAY, '1 day ago'],
    [-3 * DAY, '3 days ago'],
    [61 * DAY, 'in 2 months'],
    [-45 * DAY, '1 month ago'],
    [-400 * DAY, '1 year ago'],
    [3 * 365 * DAY, 'in 3 years'],
  ])('%i ms from now reads "%s"', (offset, text) => {
    expect(relativeTime(NOW + offset, NOW)).toBe(text);
  });
});
