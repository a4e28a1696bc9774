/**
 * sharp (libvips), loaded when an image is first decoded or resized, and set up once for the
 * whole process: a server that only serves pages never loads it (about 11 MB of resident memory).
 *
 * libvips keeps recent operations and open files for reuse, by default up to 50 MB, 20 files and
 * 100 operations. Nothing here ever gets a hit from them (every image starts from bytes just read
 * from the store or an upload, a new buffer and so a new cache key; the resizer keeps its own
 * outputs), so they would only hold memory the server's peak-memory target (120 MB) cannot spare.
 * One libvips thread an image: the resizer's few jobs at once then use that many cores and no more
 * (sharp's default on glibc Linux, made the same everywhere).
 */
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache({ memory: 0, files: 0, items: 0 });
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
