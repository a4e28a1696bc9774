import type { IConfiguration } from 'dependency-cruiser';

/** Each room of src/, with the rooms it may import. */
export const ROOMS: Record<string, string[]>;
/** Rooms whose code runs in the browser too. */
export const BROWSER_ROOMS: string[];
declare const configuration: IConfiguration & { options: NonNullable<IConfiguration['options']>; forbidden: NonNullable<IConfiguration['forbidden']> };
export default configuration;
