/** The images the cards show, from the same store (the URL carries the version: cached for ever). */
import { mediaFile } from '../../../../../../../generated/literature.mjs';

export const dynamic = 'force-dynamic';

export async function GET(_request, { params }) {
  const { key } = await params;
  const file = mediaFile(key);
  if (file === undefined) return new Response('Not found', { status: 404 });
  return new Response(file.bytes, {
    headers: { 'content-type': file.mime_type, 'cache-control': 'public, max-age=31536000, immutable', etag: `"${file.sha256}"` },
  });
}
