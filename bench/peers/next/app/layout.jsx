import { literaturePage } from '../generated/literature.mjs';

/**
 * The document around the page: our stylesheet (copied) and icon; Next adds charset and viewport.
 * The not-found page is prerendered at build time, when there is no store: it gets the defaults.
 */
export default function RootLayout({ children }) {
  const { lang, basePath } = process.env.DATABASE_PATH ? literaturePage(1) : { lang: 'en-US', basePath: process.env.BASE_PATH ?? '' };
  return (
    <html lang={lang}>
      <head>
        <link rel="icon" href={`${basePath}/assets/favicon.svg`} type="image/svg+xml" />
        <link rel="stylesheet" href={`${basePath}/assets/site.css`} />
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  );
}
