import zlib from 'node:zlib';

/**
 * A zip archive written as a stream of its bytes, entries stored as they are (no compression):
 * what goes in are PDFs, already compressed, so deflating them again would cost CPU for nothing.
 * Names are UTF-8 (flag bit 11), so a room called 报告厅 reads as such in any unzip tool. Neither
 * the archive nor an entry may pass 4 GiB, nor the entries 65,535 (no zip64): a session's
 * tickets are far below both, and passing them throws rather than writing a broken archive.
 */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

const UTF8_NAMES = 0x0800;
const VERSION = 20;
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;

/** MS-DOS time and date fields (2-second resolution, from 1980), read as the wall clock they name. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((Math.max(at.getUTCFullYear(), 1980) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

export async function* zipStream(entries: AsyncIterable<ZipEntry>, modified: Date): AsyncGenerator<Buffer> {
  const { time, date } = dosTime(modified);
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    if (++count > MAX_ENTRIES) throw new Error('zip: too many entries');
    const name = Buffer.from(entry.name, 'utf8');
    const crc = zlib.crc32(entry.data);
    const size = entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(UTF8_NAMES, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(size, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal and external attributes: all zero
    header.writeUInt32LE(offset, 42);
    central.push(header, name);

    offset += local.length + name.length + size;
    if (offset > MAX_OFFSET) throw new Error('zip: archive too large');
    yield Buffer.concat([local, name, entry.data]);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}
