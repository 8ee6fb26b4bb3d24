/**
 * OpenAPI document → TypeScript types, with openapi-typescript. It lives in this workspace because
 * openapi-typescript builds its output with the TypeScript 5 compiler API, which the TypeScript 7
 * package the project compiles with does not have; here `typescript` resolves to 5.9.
 */
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

/** The types module for `document` (a parsed OpenAPI 3.1 document), as source text. */
export async function generateTypes(document: object): Promise<string> {
  const nodes = await openapiTS(document as Parameters<typeof openapiTS>[0], { silent: true });
  return COMMENT_HEADER + astToString(nodes);
}
