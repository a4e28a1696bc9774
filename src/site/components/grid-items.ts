/**
 * Grid items as the collection grid presents them (spec §3.1): { key, id, data, index }, and the
 * "show more" rule of spec §2.3/§4.1: new items go after the existing ones, duplicates (same id)
 * are dropped.
 */
import type { CollectionItem } from '../../shared/delivery-types';

export interface GridItem {
  key: string;
  id: string;
  data: CollectionItem;
  index: number;
}

/**
 * An item the server rendered, kept in the browser as its markup: the page does not send the
 * data it was rendered from again (page-data.ts), and nothing about it changes.
 */
export interface ServerItem {
  key: string;
  id: string;
  index: number;
  html: string;
}

export type ShownItem = GridItem | ServerItem;

export const isServerItem = (item: ShownItem): item is ServerItem => 'html' in item;

export function toGridItems(items: CollectionItem[], firstIndex = 0): GridItem[] {
  return items.map((item, offset) => ({ key: item.id, id: item.id, data: item, index: firstIndex + offset }));
}

export interface AppendResult {
  items: ShownItem[];
  /** Index of the first item that was added, or null when nothing new came. */
  firstNewIndex: number | null;
}

export function appendUniqueItems(existing: ShownItem[], incoming: CollectionItem[]): AppendResult {
  const seen = new Set(existing.map((item) => item.id));
  const fresh: CollectionItem[] = [];
  for (const item of incoming) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    fresh.push(item);
  }
  if (fresh.length === 0) return { items: existing, firstNewIndex: null };
  return { items: [...existing, ...toGridItems(fresh, existing.length)], firstNewIndex: existing.length };
}
