/**
 * The studio's sections, on every screen: the one shown is marked for screen readers
 * (aria-current) and by its look. Fields, accounts, webhooks and the audit log are for admins, and only they see them.
 */
import { Link } from 'react-aria-components';
import type { StudioContext } from './common/api';
import { useNavigation } from './common/navigation';

interface Section {
  path: string;
  name: string;
  adminOnly?: boolean;
}

export const SECTIONS: Section[] = [
  { path: '', name: 'Sheets' },
  { path: '/order', name: 'Order' },
  { path: '/page', name: 'Page' },
  { path: '/import', name: 'Import' },
  { path: '/translations', name: 'Translations' },
  { path: '/releases', name: 'Releases' },
  { path: '/trash', name: 'Trash' },
  { path: '/searches', name: 'Searches' },
  { path: '/fields', name: 'Fields', adminOnly: true },
  { path: '/accounts', name: 'Accounts', adminOnly: true },
  { path: '/webhooks', name: 'Webhooks', adminOnly: true },
  { path: '/audit', name: 'Audit log', adminOnly: true },
];

export function StudioNav({ context }: { context: StudioContext }) {
  const { path } = useNavigation();
  const base = `${context.basePath}/studio`;
  const shown = SECTIONS.filter((section) => section.adminOnly !== true || context.role === 'admin');
  // A sheet's screen belongs to Sheets.
  const current = shown.find((section) => section.path !== '' && path.startsWith(`${base}${section.path}`)) ?? shown[0]!;
  return (
    <nav className="studio-nav" aria-label="Studio sections">
      <ul>
        {shown.map((section) => (
          <li key={section.path}>
            <Link href={`${base}${section.path}`} aria-current={section === current ? 'page' : undefined} className="studio-nav__link">
              {section.name}
            </Link>
          </li>
        ))}
        <li className="studio-nav__own">
          {/* A page of the server's (it works for every account, not only in the studio). */}
          <a href={`${context.basePath}/password?returnTo=${encodeURIComponent(path)}`} className="studio-nav__link">
            Your password
          </a>
        </li>
      </ul>
    </nav>
  );
}
