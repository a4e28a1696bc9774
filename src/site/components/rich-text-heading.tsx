import { stripTags } from '../../shared/text';
import type { RichTextHeadingDefinition } from '../../page-model/page-definition';
import { componentClass } from '../pages/page-styles';

/** A rich-text block holding one heading (spec §2.2 section 1). Text is shown without tags (§5.3). */
export function RichTextHeading({ id, settings }: { id: string; settings: RichTextHeadingDefinition['settings'] }) {
  const Tag = settings.tag;
  const className = ['rich-text-heading', componentClass(id), settings.bold ? 'is-bold' : ''].filter(Boolean).join(' ');
  return <Tag className={className}>{stripTags(settings.text)}</Tag>;
}
