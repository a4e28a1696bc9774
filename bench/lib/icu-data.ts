/**
 * How much of ICU's locale data a Node process holds resident (Linux only).
 *
 * Node carries ICU's data (about 33 MB: every locale's names, number and date patterns,
 * collation, converters) inside its own binary, mapped like its code. V8's first use of
 * Intl.NumberFormat, DateTimeFormat or DisplayNames lists the locales it can serve by opening
 * every locale's data, which makes about 9 MB of it resident in the process; Intl.Collator's
 * first use does the same with the collation data (about 3 MB). Those pages are counted in the
 * process's resident memory (RssFile) from then on, though they are clean and shared with every
 * process that maps the binary. This finds the data in the binary (its header names it "CmnD")
 * and asks /proc/PID/pagemap which of its pages are present in the process.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

const PAGE_BYTES = 4096;
/** ICU's common data: a header whose magic bytes (0xda27) and data format ("CmnD") name it. */
const COMMON_DATA_FORMAT = Buffer.from('CmnD');
/** Where those sit from the header's start: its size (2 bytes), the magic (2), UDataInfo's first 8 bytes. */
const MAGIC_AT = 2;
const FORMAT_AT = 12;

export interface IcuData {
  /** The binary that holds it. */
  file: string;
  /** Where the data starts in the file, and how many bytes it spans up to its last item's start. */
  offset: number;
  bytes: number;
}

/** ICU's common data inside a Node binary, or null where the binary has none of its own (small-icu, system ICU). */
export function findIcuData(file: string): IcuData | null {
  const binary = readFileSync(file);
  for (let at = binary.indexOf(COMMON_DATA_FORMAT); at !== -1; at = binary.indexOf(COMMON_DATA_FORMAT, at + 1)) {
    const start = at - FORMAT_AT;
    if (start < 0 || binary[start + MAGIC_AT] !== 0xda || binary[start + MAGIC_AT + 1] !== 0x27) continue;
    const headerBytes = binary.readUInt16LE(start);
    const toc = start + headerBytes;
    // The table of contents: a count, then for each item where its name and its data sit.
    const count = binary.readUInt32LE(toc);
    if (count === 0) continue;
    const itemStarts = Array.from({ length: count }, (_, index) => binary.readUInt32LE(toc + 8 + 8 * index));
    return { file, offset: start, bytes: headerBytes + Math.max(...itemStarts) };
  }
  return null;
}

/** The address ranges where a process maps a file, with the file offset each begins at. */
function mappingsOf(pid: number, file: string): { start: number; end: number; offset: number }[] {
  return readFileSync(`/proc/${pid}/maps`, 'utf8')
    .split('\n')
    .map((line) => line.split(/\s+/))
    .filter((fields) => fields[5] === file)
    .map(([range, , offset]) => {
      const [start, end] = (range ?? '').split('-').map((hex) => Number.parseInt(hex, 16));
      return { start: start ?? 0, end: end ?? 0, offset: Number.parseInt(offset ?? '0', 16) };
    });
}

/** MB of a binary's ICU data present in a process's memory; null where the process's page map cannot be read. */
export function residentIcuDataMb(pid: number, data: IcuData): number | null {
  let pagemap: number;
  try {
    pagemap = openSync(`/proc/${pid}/pagemap`, 'r');
  } catch {
    return null;
  }
  try {
    const mappings = mappingsOf(pid, data.file);
    const entry = Buffer.alloc(8);
    let present = 0;
    for (let at = data.offset - (data.offset % PAGE_BYTES); at < data.offset + data.bytes; at += PAGE_BYTES) {
      const mapping = mappings.find((range) => at >= range.offset && at < range.offset + (range.end - range.start));
      if (mapping === undefined) continue;
      // A page is present when bit 63 of its entry is set (readable without privileges since Linux 4.2).
      readSync(pagemap, entry, 0, 8, Math.floor((mapping.start + at - mapping.offset) / PAGE_BYTES) * 8);
      if ((entry.readBigUInt64LE() & (1n << 63n)) !== 0n) present++;
    }
    return (present * PAGE_BYTES) / 1024 / 1024;
  } catch {
    return null;
  } finally {
    closeSync(pagemap);
  }
}
