/**
 * Page references (spec §3.7, §5.2): how the site builder stores a link, and the href each one
 * resolves to. A reference is valid only when every attribute its type requires is non-empty; an
 * invalid one resolves to an empty href, like an invalid link (spec §5.1).
 */
import { resolveLink, withBasePath, type ResolvedLink } from './links';

export type PageReferenceType =
  | 'standard__webPage'
  | 'standard__managedContentPage'
  | 'standard__recordPage'
  | 'comm__namedPage'
  | 'standard__recordRelationshipPage'
  | 'standard__objectPage'
  | 'standard__search';

export interface PageReference {
  /** spec §3.7: the default type is standard__webPage. */
  type?: PageReferenceType;
  attributes?: Record<string, unknown>;
  state?: Record<string, unknown>;
}

export interface ReferenceOptions {
  /** spec §5.2: the Product2 and ProductCategory rules apply only when this gate is open. */
  productGateOpen?: boolean;
}

/** The gate is closed in this product (spec §5.2). */
export const PRODUCT_GATE_OPEN = false;

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function isKnowledgeArticle(objectApiName: unknown): boolean {
  return typeof objectApiName === 'string' && objectApiName.includes('__kav');
}

export function isValidPageReference(reference: PageReference | null | undefined, { productGateOpen = PRODUCT_GATE_OPEN }: ReferenceOptions = {}): boolean {
  if (reference === null || reference === undefined || typeof reference !== 'object') return false;
  const a = reference.attributes ?? {};
  const type = reference.type ?? 'standard__webPage';
  switch (type) {
    case 'standard__webPage':
      return filled(a.url);
    case 'standard__managedContentPage':
      return filled(a.contentTypeName) && filled(a.contentKey);
    case 'standard__recordPage':
      return (
        (filled(a.objectApiName) && filled(a.recordId)) ||
        (isKnowledgeArticle(a.objectApiName) && filled(a.urlName)) ||
        (productGateOpen && a.objectApiName === 'Product2' && filled(a.urlName)) ||
        (a.objectApiName === 'NetworkDataCategory' && filled(a.urlPath)) ||
        (productGateOpen && a.objectApiName === 'ProductCategory' && filled(a.urlPath))
      );
    case 'comm__namedPage':
      return filled(a.name);
    case 'standard__recordRelationshipPage':
      return (
        (filled(a.objectApiName) && filled(a.recordId) && filled(a.relationshipApiName)) ||
        (isKnowledgeArticle(a.objectApiName) && filled(a.urlName) && filled(a.relationshipApiName))
      );
    case 'standard__objectPage':
      return filled(a.objectApiName) && filled(reference.state?.filterName);
    case 'standard__search':
      return true;
    default:
      return false;
  }
}

const segment = (value: unknown) => encodeURIComponent(String(value));

/** The site path a valid reference leads to (Ours: the platform's LWR URL patterns). */
function pathOf(reference: PageReference, options: ReferenceOptions): string {
  const a = reference.attributes ?? {};
  switch (reference.type ?? 'standard__webPage') {
    case 'standard__managedContentPage':
      return `/managed-content/${segment(a.contentTypeName)}/${segment(a.contentKey)}`;
    case 'standard__recordPage':
      if (filled(a.objectApiName) && filled(a.recordId)) return `/detail/${segment(a.recordId)}`;
      if (isKnowledgeArticle(a.objectApiName)) return `/article/${segment(a.urlName)}`;
      if (options.productGateOpen && a.objectApiName === 'Product2') return `/product/${segment(a.urlName)}`;
      return `/category/${String(a.urlPath).split('/').map(segment).join('/')}`;
    case 'comm__namedPage':
      return a.name === 'Home' ? '/' : `/${segment(String(a.name).replace(/__c$/, '').toLowerCase())}`;
    case 'standard__recordRelationshipPage':
      return filled(a.recordId)
        ? `/relatedlist/${segment(a.recordId)}/${segment(a.relationshipApiName)}`
        : `/article/${segment(a.urlName)}/related/${segment(a.relationshipApiName)}`;
    case 'standard__objectPage':
      return `/recordlist/${segment(a.objectApiName)}/${segment(reference.state?.filterName)}`;
    case 'standard__search':
      return filled(reference.state?.term) ? `/global-search/${segment(reference.state.term)}` : '/global-search';
    default:
      return '';
  }
}

/** Resolves a reference to an href under the base path; invalid references give ''. */
export function resolvePageReference(reference: PageReference | null | undefined, basePath: string, options: ReferenceOptions = {}): ResolvedLink {
  if (reference === null || reference === undefined || !isValidPageReference(reference, options)) return { href: '', opensNewWindow: false };
  if ((reference.type ?? 'standard__webPage') === 'standard__webPage') return resolveLink(reference.attributes?.url, basePath);
  return { href: withBasePath(basePath, pathOf(reference, options)), opensNewWindow: false };
}
