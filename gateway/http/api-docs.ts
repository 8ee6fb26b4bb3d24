/**
 * `/docs`: Swagger UI from the swagger-ui-dist package (served from local files, no CDN) pointed
 * at the build's `/openapi.json`. Only a fixed list of the package's files is reachable.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface DocsAsset {
  readonly type: string;
  readonly bytes: Buffer;
}

const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>cardrewards API</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/initializer.js"></script>
</body>
</html>
`;

const INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
};
`;

/** Loads the assets once; returns a lookup by request path (`/docs`, `/docs/`, `/docs/<asset>`). */
export function createDocs(): (path: string) => DocsAsset | undefined {
  const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets = new Map<string, DocsAsset>();
  const page = { type: 'text/html; charset=utf-8', bytes: Buffer.from(PAGE) };
  assets.set('/docs', page);
  assets.set('/docs/', page);
  assets.set('/docs/initializer.js', { type: 'text/javascript; charset=utf-8', bytes: Buffer.from(INITIALIZER) });
  for (const [name, type] of Object.entries(ASSETS)) {
    let loaded: Buffer | undefined;
    // Read lazily: the bundle is over a megabyte and most gateways never serve it.
    assets.set(`/docs/${name}`, {
      type,
      get bytes() {
        loaded ??= readFileSync(join(folder, name));
        return loaded;
      },
    });
  }
  return (path) => assets.get(path);
}
