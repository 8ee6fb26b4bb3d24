/** Every derived artefact, in one list: adding an endpoint is adding a file and a line here. */
import type { Artefact } from './artefact.ts';
import { mccRecords } from './artefacts/mcc-records.ts';
import { merchantRecords } from './artefacts/merchant-records.ts';
import { searchIndex } from './artefacts/search-index.ts';
import { openApi } from './artefacts/openapi.ts';
import { keyedResponses } from './routes/index.ts';

export const artefacts: readonly Artefact[] = [mccRecords, merchantRecords, searchIndex, keyedResponses, openApi];
