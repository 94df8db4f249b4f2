import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jpeg, png } from '../modules/doctor/materials/fixtures';
import { imageSize } from './image-size';

describe('imageSize', () => {
  it('reads a real JPEG (the demo ID photo)', () => {
    const bytes = fs.readFileSync(path.join(import.meta.dirname, '../db/seed/assets/demo-id-photo.jpg'));
    expect(imageSize(bytes)).toEqual({ width: 330, height: 462 });
  });

  it('finds the frame header after large segments and reports the EXIF-turned size', () => {
    expect(imageSize(jpeg(640, 480, { bytes: 300_000 }))).toEqual({ width: 640, height: 480 });
    expect(imageSize(jpeg(640, 480, { orientation: 6 }))).toEqual({ width: 480, height: 640 });
    expect(imageSize(jpeg(640, 480, { orientation: 3 }))).toEqual({ width: 640, height: 480 });
  });

  it('reads a PNG header', () => {
    expect(imageSize(png(1024, 768))).toEqual({ width: 1024, height: 768 });
  });

  it('gives up on anything it cannot read with certainty', () => {
    const whole = jpeg(640, 480);
    expect(imageSize(whole.subarray(0, whole.length - 12))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
    expect(imageSize(Buffer.from('%PDF-1.4'))).toBeNull();
    expect(imageSize(Buffer.alloc(0))).toBeNull();
    expect(imageSize(jpeg(0, 480))).toBeNull();
  });
});
