/** The OpenAPI document of the fixture build is clean under the rules of redocly.yaml: no error, no warning. */
import { describe, expect, it } from 'vitest';
import { lintOpenApi } from '../scripts/openapi-lint.ts';
import { compile } from '../generator/compile.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { FIXTURE } from './helpers/cli.ts';
import { useCompiledFixture } from './helpers/compiled-fixture.ts';

const fixture = useCompiledFixture();

describe('OpenAPI lint', () => {
  it('finds no problem in the built document', async () => {
    const source = fixture.output.files.get('public/openapi.json')?.toString('utf8');
    expect(source).toBeDefined();
    expect(await lintOpenApi(source ?? '')).toEqual([]);
  });

  it('finds no problem in the document of a build for this machine (the default base URL)', async () => {
    const local = compile(readDataset(FIXTURE), { baseUrl: 'http://localhost:8787', displayDir: 'mini' });
    if (!local.ok) throw new Error('the fixture does not build');
    const document = local.output.files.get('public/openapi.json')?.toString('utf8') ?? '';
    expect(JSON.parse(document).servers).toEqual([{ url: '/', description: 'the server that sent this document' }]);
    expect(await lintOpenApi(document)).toEqual([]);
  });

  it('reports what it is configured to catch', async () => {
    // A document without contact, tag descriptions or a 4xx answer: the rules must see each.
    const document = JSON.parse(fixture.output.files.get('public/openapi.json')?.toString('utf8') ?? '{}');
    delete document.info.contact;
    document.tags[0].description = undefined;
    const first = Object.values(document.paths)[0] as { get: { responses: Record<string, unknown> } };
    for (const status of Object.keys(first.get.responses)) if (status.startsWith('4')) delete first.get.responses[status];
    const rules = new Set((await lintOpenApi(JSON.stringify(document))).map((problem) => problem.rule));
    expect([...rules].sort()).toEqual(['info-contact', 'operation-4xx-response', 'tag-description']);
  });

  it('states a contact and a licence', () => {
    const { info } = fixture.json('public/openapi.json');
    expect(info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    expect(info.contact.url).toMatch(/^https:\/\//);
  });
});
