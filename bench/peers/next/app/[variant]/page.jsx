/**
 * `/cached`: the same page (first page of items) from Next.js's own cache: incremental static
 * regeneration, rendered on the first request (nothing at build time: the store is only there
 * at run time), then served from the cache and regenerated in the background after 60 s.
 */
import { notFound } from 'next/navigation';
import { literaturePage } from '../../generated/literature.mjs';
import { LiteraturePage } from '../literature-page.jsx';

export const revalidate = 60;
export const dynamicParams = true;

export function generateStaticParams() {
  return [];
}

export default async function CachedPage({ params }) {
  const { variant } = await params;
  if (variant !== 'cached') notFound();
  return <LiteraturePage page={literaturePage(1)} />;
}
