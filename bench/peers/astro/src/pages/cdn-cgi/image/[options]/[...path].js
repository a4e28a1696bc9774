/** The resizer's URLs of raster images (srcset): the stored file as it is (the peers do not resize). */
import { mediaFileOfPath } from '../../../../../generated/literature.mjs';

export function GET({ params }) {
  const file = mediaFileOfPath(`/${params.path}`);
  if (file === undefined) return new Response('Not found', { status: 404 });
  return new Response(file.bytes, { headers: { 'content-type': file.mime_type, 'cache-control': 'public, max-age=31536000, immutable' } });
}
