/** `npm run generate:client-types`: rewrites client/api-types.ts from the OpenAPI document (test/client.test.ts checks it is current). */
import { writeFileSync } from 'node:fs';
import { CLIENT_TYPES_PATH, clientTypesSource } from './client-types.ts';

writeFileSync(CLIENT_TYPES_PATH, await clientTypesSource());
console.log(`wrote ${CLIENT_TYPES_PATH}`);
