/** A category group label as a slug (`retail outlet services` → `retail-outlet-services`): the keyed `?group=` facet and the site's group pages agree on it. */
export function groupSlug(label: string): string {
  return label.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
