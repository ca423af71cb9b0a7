/**
 * The bytes of an input file as UTF-8, whatever byte-order mark it was saved with: Excel's "Unicode text"
 * and Windows' Notepad write UTF-16 (little-endian, sometimes big) with a mark, and "CSV UTF-8" a UTF-8
 * mark. A file without a mark is taken as UTF-8, as it came. Readers keep working on bytes (the CSV
 * reader counts lines by byte offsets), so UTF-16 is turned into UTF-8 bytes once, here.
 */
export function asUtf8(buf: Buffer): Buffer {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return buf.subarray(3);
  const le = buf[0] === 0xff && buf[1] === 0xfe;
  const be = buf[0] === 0xfe && buf[1] === 0xff;
  if (!le && !be) return buf;
  // TextDecoder drops the mark itself (ignoreBOM is off) and turns a lone surrogate into U+FFFD.
  return Buffer.from(new TextDecoder(le ? 'utf-16le' : 'utf-16be').decode(buf), 'utf8');
}
