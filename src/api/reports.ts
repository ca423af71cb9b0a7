import type { ReportFileType, ReportRequest, ReportTemplate } from '../domain/report.js';
import type { WriteRequest } from './write-request.js';

/** POST /download: one record asks for one report. */
export function downloadReportRequest(
  template: ReportTemplate,
  type: ReportFileType,
): WriteRequest<ReportRequest> {
  return { method: 'POST', path: '/download', records: [{ templateKey: template, fileType: type }] };
}

export interface ReportFile {
  /** The service's `reportName`, as it sent it: not yet fit to be a file name (see plainFileName). */
  name: string | undefined;
  content: Buffer;
}

// A file name's bytes on every common file system (NAME_MAX).
const NAME_MAX_BYTES = 255;
// C0 and C1 control characters and DEL: a name holding one could not be typed, or would drive the terminal.
// Bidirectional controls (U+202E...) make `a\u202Egpj.exe` show as `aexe.jpg`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]|\p{Bidi_Control}/u;
// Characters that show as nothing or break a line: format characters (zero-width spaces and joiners, the
// bidirectional marks, the word joiner, a byte-order mark, a soft hyphen) and the line and paragraph
// separators. Two names that read alike would be two files.
const INVISIBLE = /[\p{Cf}\u2028\u2029]/u;
// A name a shell command would take for an option (`rm -rf`), or whose leading space hides.
const LEADING = /^[-\s]/u;
// Windows opens its devices under these names, whatever the extension, case or trailing spaces.
const WINDOWS_DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|(com|lpt)[0-9\u00b9\u00b2\u00b3]) *(\.|$)/i;

/**
 * `name` when it is a plain file name for a report of `type` (cli.md): it ends with the type's extension
 * (`.csv`, `.json`, `.pdf`, any case), so the service never names a file a tool would run or read on its
 * own (`Makefile`, `conftest.py`, `go.mod`); no separator, no `..`, no leading dot, dash or space, no
 * control, bidirectional or invisible character, nothing `shownAsIs` says a terminal would see escaped, no
 * Windows device name, not too long; otherwise undefined. The service never chooses a path, a hidden file,
 * a parent folder or a device on the caller's machine, nor a name that reads otherwise than it is.
 */
export function plainFileName(
  name: unknown,
  type: ReportFileType,
  shownAsIs: (text: string) => boolean,
): string | undefined {
  if (typeof name !== 'string' || Buffer.byteLength(name) > NAME_MAX_BYTES) return undefined;
  if (!name.toLowerCase().endsWith(`.${type}`)) return undefined;
  if (name.includes('/') || name.includes('\\') || name.includes('..') || name.startsWith('.'))
    return undefined;
  if (CONTROL.test(name) || INVISIBLE.test(name) || !shownAsIs(name)) return undefined;
  return LEADING.test(name) || WINDOWS_DEVICE.test(name) ? undefined : name;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The file a download answered with: `fileData` (base64) and the `reportName` the service gave it. */
export function decodeReport(record: ReportRequest | undefined): ReportFile {
  const data = record?.fileData;
  if (typeof data !== 'string' || !BASE64.test(data.replace(/\s+/g, ''))) {
    throw new TypeError('the service answered without a base64 fileData');
  }
  const name = record?.reportName;
  return { name: typeof name === 'string' ? name : undefined, content: Buffer.from(data, 'base64') };
}
