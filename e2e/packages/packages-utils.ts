import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG (RGB, a diagonal gradient with a border), built byte by byte so the test needs no
 * image library: signature, IHDR, one zlib-compressed IDAT, IEND, each chunk with its CRC.
 */
export function makePng(width = 96, height = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      const border = x < 3 || y < 3 || x >= width - 3 || y >= height - 3;
      row[1 + x * 3] = border ? 40 : 200 + Math.round((x / width) * 55);
      row[2 + x * 3] = border ? 40 : 120 + Math.round((y / height) * 80);
      row[3 + x * 3] = border ? 40 : 60;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
