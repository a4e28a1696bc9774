/**
 * What every public page has around its content: the skip link, the header with the topics and
 * the languages, and the main landmark the skip link leads to.
 */
import type { ReactNode } from 'react';
import { languageTag } from '../../shared/languages';
import type { PageLanguage, TopicsView } from '../page-data';
import { pageText } from '../ui-text';

interface FrameProps {
  language: string;
  /** The page in every language; empty when the site has one. */
  languages: PageLanguage[];
  topics: TopicsView | undefined;
  className: string;
  children: ReactNode;
}

export function SiteFrame({ language, languages, topics, className, children }: FrameProps) {
  const text = pageText(language);
  return (
    <>
      {/* The first stop of the keyboard: past the menus to the page's content. */}
      <a className="skip-link" href="#main">
        {text.skipToContent}
      </a>
      {(languages.length > 1 || topics !== undefined) && (
        <header className="site-header">
          {topics !== undefined && <TopicMenu topics={topics} label={text.topics} />}
          {languages.length > 1 && <LanguageMenu language={language} languages={languages} />}
        </header>
      )}
      <main className={className} id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/**
 * Links to the page in every language the site has (spec §2.4), each named in its own language.
 * Folded behind the current language's name, so that on a phone it takes one line, not one per
 * language; a disclosure, so it opens without script.
 */
function LanguageMenu({ language, languages }: { language: string; languages: PageLanguage[] }) {
  const current = languages.find((entry) => entry.current);
  return (
    <nav className="language-menu" aria-label={pageText(language).languages}>
      <details>
        <summary>
          <svg className="language-menu__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="6.5" />
            <path d="M1.5 8h13M8 1.5c-2.2 2.4-2.2 10.6 0 13M8 1.5c2.2 2.4 2.2 10.6 0 13" />
          </svg>
          {current === undefined ? pageText(language).languages : <span lang={languageTag(current.language)}>{current.label}</span>}
        </summary>
        <ul>
          {languages.map((entry) => (
            <li key={entry.language}>
              <a href={entry.href} hrefLang={languageTag(entry.language)} lang={languageTag(entry.language)} aria-current={entry.current ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

/**
 * Links to the site's topic pages, facet by facet, in the header beside the language menu: folded
 * behind one word, so that it takes no line of its own even beside a long language name (a topic
 * page names its topic in a heading, and its link here is marked current).
 */
function TopicMenu({ topics, label }: { topics: TopicsView; label: string }) {
  return (
    <nav className="topic-menu" aria-label={label}>
      <details>
        <summary>{label}</summary>
        <div className="topic-menu__panel">
          {topics.facets.map(({ facet, label: facetLabel, topics: links }) => (
            <div key={facet} className="topic-menu__facet">
              <span className="topic-menu__facet-name" id={`topics-${facet}`}>
                {facetLabel}
              </span>
              <ul aria-labelledby={`topics-${facet}`}>
                {links.map((link) => (
                  <li key={link.slug}>
                    <a href={link.href} aria-current={link.current ? 'page' : undefined}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </details>
    </nav>
  );
}
