/** How model rows look in keyed responses: one builder per resource, shared by every route (split by resource in views/). */
export * from './cards.ts';
export * from './catalogue.ts';
export * from './shopping.ts';
export * from './acceptance.ts';
