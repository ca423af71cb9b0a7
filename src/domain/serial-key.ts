// Serial numbers compared as people read them; zod-free, so commands on the start-up path can import it.
// Characters that show as nothing: zero-width space, non-joiner and joiner, word joiner, byte order mark.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
// Printable ASCII, neither starting nor ending with a space: its own key.
const PLAIN = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;

/**
 * A serial number as people read it, what serials are compared by (uniqueness in an organization, `get`,
 * `apply`'s matching, --skip-existing): without zero-width characters, trimmed, NFC-normalised. A serial is
 * stored and shown as it was sent; `café-1`, its decomposed spelling and `café-1 ` are one serial.
 */
export function serialKey(serial: string): string {
  // Printable ASCII with nothing to trim, nearly every serial, is its own key: no character to drop, and
  // NFC leaves ASCII as it is (a bulk add keys every serial of its file, on both sides).
  if (PLAIN.test(serial)) return serial;
  return serial.replace(ZERO_WIDTH, '').trim().normalize('NFC');
}
