/**
 * The files an import from the studio takes, by their names' endings: the server checks each by
 * its bytes (transfer/import-uploads.ts); the studio's file chooser offers these.
 */
export const IMPORT_IMAGE_EXTENSIONS: readonly string[] = ['.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif', '.svg'];

export const IMPORT_EXTENSIONS: readonly string[] = ['.csv', '.xlsx', '.zip', '.pdf', ...IMPORT_IMAGE_EXTENSIONS];
