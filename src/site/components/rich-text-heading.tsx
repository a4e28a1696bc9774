import type { RichTextHeadingDefinition } from '../pages/page-definition';
import { stripTags } from '../../shared/text';

/** A rich-text block holding one heading (spec §2.2 section 1). Text is shown without tags (§5.3). */
export function RichTextHeading({ settings }: { settings: RichTextHeadingDefinition['settings'] }) {
  const Tag = settings.tag;
  const className = ['rich-text-heading', settings.bold ? 'is-bold' : '', `font-size-${settings.fontSize}`].filter(Boolean).join(' ');
  return <Tag className={className}>{stripTags(settings.text)}</Tag>;
}
