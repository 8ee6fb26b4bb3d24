/**
 * `resources/list` a page at a time: the listing of a build is made once (the search index's
 * records and the fixed resources), and each request slices a page from it. A cursor is opaque
 * (base64url) and names the listing it belongs to, so one from another build is refused rather
 * than skipping or repeating resources.
 */
import { createHash } from 'node:crypto';
import { ErrorCode, type ListResourcesResult, McpError, type Resource } from '@modelcontextprotocol/sdk/types.js';

/** Resources a page: about 19 KB of JSON with their descriptions. */
export const RESOURCE_PAGE_SIZE = 100;

/** Every resource a build lists, in order, and a fingerprint of that order the cursors carry. */
export interface ResourceListing {
  readonly resources: readonly Resource[];
  readonly fingerprint: string;
}

/** The listing of `resources`, fingerprinted by their URIs. */
export function createResourceListing(resources: readonly Resource[]): ResourceListing {
  const hash = createHash('sha256');
  for (const resource of resources) hash.update(`${resource.uri}\n`);
  return { resources, fingerprint: hash.digest('hex').slice(0, 16) };
}

/** The page of `listing` that `cursor` points at (the first without one); a cursor this listing did not give out is invalid params. */
export function resourcePage(listing: ResourceListing, cursor: string | undefined): ListResourcesResult {
  const start = cursor === undefined ? 0 : offsetOf(listing, cursor);
  const end = start + RESOURCE_PAGE_SIZE;
  return {
    resources: listing.resources.slice(start, end),
    ...(end < listing.resources.length ? { nextCursor: cursorOf(listing, end) } : {}),
  };
}

function cursorOf(listing: ResourceListing, offset: number): string {
  return Buffer.from(`${listing.fingerprint}.${offset}`).toString('base64url');
}

function offsetOf(listing: ResourceListing, cursor: string): number {
  const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
  const match = /^([0-9a-f]{16})\.([1-9][0-9]{0,8})$/.exec(decoded);
  // Base64url decoding skips what it cannot read: only the exact spelling this server gives out is taken.
  if (match === null || Buffer.from(decoded, 'latin1').toString('base64url') !== cursor)
    throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor: not one this server gave out. List again without a cursor.');
  const offset = Number(match[2]);
  if (match[1] !== listing.fingerprint || offset >= listing.resources.length)
    throw new McpError(
      ErrorCode.InvalidParams,
      'Invalid cursor: the resource list has changed since it was given out (a new build). List again without a cursor.',
    );
  return offset;
}
