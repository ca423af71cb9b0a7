// What the twin stores of a device record's external references, shared by the two bare import baselines
// (bare-import.mjs, bare-import-pg.mjs): each one's uuid (the device's, its last four digits the index), the
// device, the user name, and the password as the mask.
export function referenceRows(r) {
  return (r.externalReferences ?? []).map((ref, k) => [
    `${r.uuid.slice(0, -4)}${String(k).padStart(4, '0')}`,
    r.uuid,
    ref.userName,
    ref.password == null ? null : '********',
  ]);
}
