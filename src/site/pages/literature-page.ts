/**
 * The "Literature Sheets - CVD, ALD Precursors" page (spec §2.2, §9), exactly as configured on
 * the platform.
 */
import {
  LITERATURE_PAGE_HEADING,
  LITERATURE_PAGE_SIZE,
  LITERATURE_PAGE_TITLE,
  READ_MORE_LABEL,
  SHOW_MORE_LABEL,
} from '../../shared/constants';
import type { PageDefinition } from './page-definition';

/** The demo collection's content key; the seed derives the same key (checked by a test). */
export const LITERATURE_COLLECTION_KEY = 'MC53OK9IV3U2UY49UYF36P7MUSS1';

export const LITERATURE_PAGE: PageDefinition = {
  name: 'literature-sheets',
  seo: { pageTitle: LITERATURE_PAGE_TITLE, description: '' },
  sections: [
    {
      id: 'section-1',
      columns: [
        {
          name: 'Column 1',
          width: 12,
          components: [
            {
              type: 'richTextHeading',
              id: 'page-heading',
              settings: { tag: 'h2', bold: true, fontSize: '36px', text: LITERATURE_PAGE_HEADING },
            },
          ],
        },
      ],
    },
    {
      id: 'section-2',
      columns: [
        {
          name: 'Column 1',
          width: 12,
          components: [
            {
              type: 'collectionGrid',
              id: 'literature-grid',
              settings: {
                collectionKey: LITERATURE_COLLECTION_KEY,
                pageSize: LITERATURE_PAGE_SIZE,
                columns: 1,
                spacing: 'small',
                centered: true,
                widthPercent: 100,
                showBorder: false,
                paginator: { variant: 'showmore', label: SHOW_MORE_LABEL, style: 'secondary' },
                card: {
                  imagePosition: 'left',
                  imageWidthPercent: 33.33,
                  imageFit: 'contain',
                  imageFocus: 'center center',
                  borderWidth: '1px',
                  borderColour: 'rgb(0, 0, 0)',
                  borderRadius: '0',
                  primaryButton: { label: READ_MORE_LABEL, show: true },
                  // Configured on the platform but never shown: display off and no URL (spec §2.2).
                  secondaryButton: { label: 'Contact Us', show: false, target: null },
                },
              },
            },
          ],
        },
      ],
    },
  ],
};
