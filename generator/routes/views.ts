/** How model rows look in keyed responses: one builder per resource, shared by every route (split by resource in views/). */
export * from './views/cards.ts';
export * from './views/catalogue.ts';
export * from './views/shopping.ts';
export * from './views/acceptance.ts';
