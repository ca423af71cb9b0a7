import type { ReportFileType, ReportTemplate } from '../../domain/index.js';

const two = (n: number) => String(n).padStart(2, '0');

/** `<template>-<yyyyMMdd-HHmmss in UTC>.<type>`, e.g. `edge-devices-20261121-093000.pdf`. */
export function reportFileName(template: ReportTemplate, type: ReportFileType, generatedAt: number): string {
  const d = new Date(generatedAt);
  const date = `${String(d.getUTCFullYear()).padStart(4, '0')}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
  const time = `${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  return `${template}-${date}-${time}.${type}`;
}
