/**
 * Pixel size of a JPEG or PNG read from its headers, without an image library: enough to check an
 * ID photo's dimensions on upload. Returns null for anything it cannot read with certainty.
 */
export interface ImageSize {
  width: number;
  height: number;
}

export function imageSize(bytes: Buffer): ImageSize | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return pngSize(bytes);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return null;
}

function pngSize(bytes: Buffer): ImageSize | null {
  // The first chunk is always IHDR: length, type, then width and height.
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Buffer): ImageSize | null {
  let offset = 2;
  let rotated = false;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    // End of image, or scan data before any frame header: nothing to read.
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return null;
    const segment = bytes.subarray(offset + 4, offset + 2 + length);
    if (marker === 0xe1) rotated = rotated || exifRotatesQuarter(segment);
    if (SOF.has(marker)) {
      if (segment.length < 5) return null;
      const height = segment.readUInt16BE(1);
      const width = segment.readUInt16BE(3);
      if (!width || !height) return null;
      // A phone's portrait photo is often stored landscape with an EXIF orientation that turns it:
      // what matters is the size people (and the ticket printer) see.
      return rotated ? { width: height, height: width } : { width, height };
    }
    offset += 2 + length;
  }
  return null;
}

/** Whether an APP1 Exif segment's orientation (tag 0x0112) is 5 to 8, a quarter turn. */
function exifRotatesQuarter(segment: Buffer): boolean {
  if (segment.length < 14 || segment.toString('latin1', 0, 6) !== 'Exif\0\0') return false;
  const tiff = segment.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return false;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return false;
    if (u16(entry) === 0x0112) {
      const orientation = u16(entry + 8);
      return orientation >= 5 && orientation <= 8;
    }
  }
  return false;
}
