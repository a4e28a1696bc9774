/**
 * The data layer a page's components share in the browser: one data store and the delivery call
 * the grid makes (collection-items-client.ts). The server render needs none (it renders preloaded
 * data), so components reach for it only in event handlers and effects, through pageDataLayer.
 */
import { createCollectionItemsClient, type CollectionItemsClient } from './collection-items-client';
import { DataStore } from './data-store';

export interface DataLayer {
  store: DataStore;
  client: CollectionItemsClient;
}

function createDataLayer(basePath: string): DataLayer {
  return { store: new DataStore(), client: createCollectionItemsClient(basePath) };
}

let pageLayer: DataLayer | null = null;

/** The page's one data layer, shared by its grids and the session code, which load at different times. */
export function pageDataLayer(basePath: string): DataLayer {
  pageLayer ??= createDataLayer(basePath);
  return pageLayer;
}
