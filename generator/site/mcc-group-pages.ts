/** `/mcc` lists the category groups, `/mcc/group/{group}` the codes of one: so every MCC page has a way in besides search. */
import type { Artefact } from '../artefact.ts';
import type { MccRow } from '../../schemas/dataset.ts';
import { html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, sitePaths } from '../views/site-paths.ts';

export const mccGroupPages: Artefact = {
  name: 'mcc group pages',
  *derive(model) {
    const groups = new Map<string, MccRow[]>();
    for (const mcc of model.mccs) groups.set(mcc.category_group, [...(groups.get(mcc.category_group) ?? []), mcc]);
    const names = [...groups.keys()].sort();
    for (const group of names) {
      const codes = groups.get(group) ?? [];
      yield renderPage(model, {
        path: sitePaths.mccGroup(group),
        title: `MCC codes: ${group}`,
        description: `The ${codes.length} merchant category codes of the ${group} group.`,
        body: html`<h1>MCC codes: ${group}</h1>
<p>${codes.length} codes. <a href="${href(model, sitePaths.mccGroups)}">All groups</a>.</p>
<ul class="plain">${codes.map((mcc) => html`<li><a href="${href(model, sitePaths.mcc(mcc.code))}">${mcc.code}</a> ${mcc.description}</li>`)}</ul>`,
      });
    }
    yield renderPage(model, {
      path: sitePaths.mccGroups,
      title: 'Merchant category codes',
      description: `All ${model.mccs.length} merchant category codes (MCC), by group, each with the cards that earn the most there.`,
      body: html`<h1>Merchant category codes</h1>
<p>A card network files every merchant under a four-digit merchant category code (MCC); card issuers decide bonus rewards by it. The ${model.mccs.length} codes fall into these groups:</p>
<ul>${names.map((group) => html`<li><a href="${href(model, sitePaths.mccGroup(group))}">${group}</a> <span class="muted">${groups.get(group)?.length ?? 0} codes</span></li>`)}</ul>`,
    });
  },
};
