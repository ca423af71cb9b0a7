/** A CSV of `rows` edge devices for `ccp edgedevice add -f`. */
export function csv(rows: number): string {
  const out = ['edgeDeviceName,serialNumber,ipAdress,port,location,shortDescription,isActive'];
  for (let i = 0; i < rows; i++) {
    out.push(
      `"gateway ${i}",SN-${String(i).padStart(6, '0')},10.0.${(i >> 8) & 255}.${i & 255},${1024 + i},Hall,"Bulk row ${i}",true`,
    );
  }
  return `${out.join('\n')}\n`;
}
