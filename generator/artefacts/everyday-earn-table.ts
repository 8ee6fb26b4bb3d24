/** The earn table of everyday spending (issue 27): every active card on a purchase in no bonus category, a public file the recommendation's fallback names. */
import type { Artefact } from '../artefact.ts';
import { earnTable } from '../../schemas/keyed.ts';
import { PUBLIC_FILES, publicFile } from '../../schemas/public-files.ts';
import { everydayEarnTable } from '../views/earn-table.ts';

export const everydayEarnTableFile: Artefact = {
  name: 'everyday earn table',
  *derive(model) {
    yield { path: publicFile(PUBLIC_FILES.earnTableEveryday), document: everydayEarnTable(model), schema: earnTable };
  },
};
