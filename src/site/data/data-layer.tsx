/**
 * The data layer a page's components share in the browser: one data store and one delivery
 * client, provided through React context. The server render needs none (it renders preloaded
 * data), so components reach for it only in event handlers and effects.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createDeliveryClient, type DeliveryClient } from '../../shared/delivery-client';
import { DataStore } from './data-store';

export interface DataLayer {
  store: DataStore;
  client: DeliveryClient;
}

export function createDataLayer(basePath: string): DataLayer {
  return { store: new DataStore(), client: createDeliveryClient({ basePath }) };
}

let pageLayer: DataLayer | null = null;

/** The page's one data layer, shared by its grids and the session code, which load at different times. */
export function pageDataLayer(basePath: string): DataLayer {
  pageLayer ??= createDataLayer(basePath);
  return pageLayer;
}

const DataLayerContext = createContext<DataLayer | null>(null);

export function DataLayerProvider({ layer, children }: { layer: DataLayer; children: ReactNode }) {
  return <DataLayerContext.Provider value={layer}>{children}</DataLayerContext.Provider>;
}

/** The page's data layer; outside a provider (tests, embeds) a private one for the base path. */
export function useDataLayer(basePath: string): DataLayer {
  const layer = useContext(DataLayerContext);
  const [fallback] = useState(() => layer ?? createDataLayer(basePath));
  return layer ?? fallback;
}
