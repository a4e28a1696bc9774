/**
 * A sheet's topics in the studio: the site's taxonomy (GET /topics) as a group of checkboxes per
 * facet, ticked where the draft lists the topic. Part of the draft, saved and merged with it. A
 * topic the draft lists and the site does not have is shown ticked under Other: the server refuses
 * to save it (editing/sheets.ts), so unticking it is the editor's choice, never a silent loss.
 */
import { useState } from 'react';
import { Checkbox } from 'react-aria-components';
import type { SheetState } from '../../sheet/shape';
import { facetName, topicLabel, type Topic } from '../../shared/topics';

/** The studio speaks English: a topic's English name, else the first it has (topicLabel). */
const STUDIO_LANGUAGES = ['en_US'];

export interface TopicFacet {
  /** The legend, e.g. Process; Other for the draft's topics the site does not have. */
  name: string;
  /** What the legend alone does not say. */
  hint?: string;
  topics: Array<{ slug: string; label: string }>;
}

/** The taxonomy facet by facet (a facet where its first topic is), then Other for the slugs `listed` names that it does not have. */
export function facetsOf(taxonomy: Topic[], listed: string[]): TopicFacet[] {
  const facets = new Map<string, TopicFacet>();
  for (const topic of taxonomy) {
    const facet = facets.get(topic.facet) ?? { name: facetName(topic.facet), topics: [] };
    facet.topics.push({ slug: topic.slug, label: topicLabel(topic, STUDIO_LANGUAGES) });
    facets.set(topic.facet, facet);
  }
  const known = new Set(taxonomy.map((topic) => topic.slug));
  const unknown = [...new Set(listed)].filter((slug) => !known.has(slug));
  if (unknown.length === 0) return [...facets.values()];
  const other = {
    name: 'Other',
    hint: 'Not among the site’s topics: the sheet cannot be saved while one of these is ticked.',
    topics: unknown.map((slug) => ({ slug, label: slug })),
  };
  return [...facets.values(), other];
}

/**
 * The draft with these topics. An empty list leaves `topics` out, as the published state does when
 * it is read back (sheet-state.ts): otherwise a published sheet would always look changed.
 */
export function withTopics(state: SheetState, topics: string[]): SheetState {
  const next = { ...state };
  delete next.topics;
  return topics.length === 0 ? next : { ...next, topics };
}

interface SheetTopicsProps {
  /** The site's topics, or null while they load; `error` says why they could not be. */
  taxonomy: Topic[] | null;
  error: string | null;
  /** The slugs the draft lists, in its order. */
  selected: string[];
  /** Why the server refused them, if it did. */
  problem: string | undefined;
  onChange: (topics: string[]) => void;
}

export function SheetTopics({ taxonomy, error, selected, problem, onChange }: SheetTopicsProps) {
  // A new topic goes to the end: the order the draft has stays as it is.
  const toggle = (slug: string, on: boolean) => onChange(on ? [...selected, slug] : selected.filter((listed) => listed !== slug));
  // Every slug the draft has listed on this screen: one the site does not have stays under Other
  // once unticked, so the focus stays where it was and a mistaken untick can be taken back.
  const [seen, setSeen] = useState(selected);
  const unseen = selected.filter((slug) => !seen.includes(slug));
  if (unseen.length > 0) setSeen([...seen, ...unseen]);
  const facets = taxonomy === null ? [] : facetsOf(taxonomy, [...seen, ...unseen]);

  return (
    <section className="studio-panel" aria-labelledby="topics-heading">
      <h2 id="topics-heading">Topics</h2>
      {taxonomy === null ? (
        <p className={error === null ? 'studio-hint' : 'studio-error'} role={error === null ? 'status' : 'alert'}>
          {error === null ? 'Loading the site’s topics…' : `The site’s topics could not be loaded: ${error}`}
        </p>
      ) : facets.length === 0 ? (
        <p className="studio-hint">The site has no topics yet.</p>
      ) : (
        <div className="studio-topics">
          {facets.map((facet, index) => {
            const hintId = `topics-hint-${index}`;
            const described = [...(facet.hint === undefined ? [] : [hintId]), ...(problem === undefined ? [] : ['topics-problem'])].join(' ');
            return (
              <fieldset key={facet.name} className="studio-topics__facet" aria-describedby={described === '' ? undefined : described}>
                <legend>{facet.name}</legend>
                {facet.hint !== undefined && (
                  <p className="studio-hint studio-topics__hint" id={hintId}>
                    {facet.hint}
                  </p>
                )}
                {facet.topics.map((topic) => (
                  <Checkbox key={topic.slug} className="studio-checkbox" isSelected={selected.includes(topic.slug)} onChange={(on) => toggle(topic.slug, on)}>
                    <span className="studio-checkbox__box" aria-hidden="true" />
                    {topic.label}
                  </Checkbox>
                ))}
              </fieldset>
            );
          })}
        </div>
      )}
      {problem !== undefined && (
        <p className="studio-error" id="topics-problem">
          {problem}
        </p>
      )}
    </section>
  );
}
