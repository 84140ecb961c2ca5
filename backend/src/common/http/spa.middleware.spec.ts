import { withPagePreloads, withServerRender } from './spa.middleware';

describe('index.html with the page preload hints', () => {
  const html = '<!doctype html><html><head><title>x</title>\n  </head><body><div id="root"></div></body></html>';
  const pages = [
    { pattern: '/market/list', regex: '^/market/list/?$', js: ['assets/list.js', 'assets/Alert.js'], css: ['assets/list.css'] },
    { pattern: '/market/detail/:id', regex: '^/market/detail/[^/]+/?$', js: ['assets/detail.js'], css: [] },
    { pattern: '*', regex: null, js: ['assets/not-found.js'], css: [] },
  ];
  const hints = (path: string, known = true) => {
    const out = withPagePreloads(html, pages, path, known);
    return [...out.matchAll(/<link rel="([^"]+)"(?: as="style")? crossorigin href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
  };

  it.each([
    ['/market/list', ['modulepreload /assets/list.js', 'modulepreload /assets/Alert.js', 'preload /assets/list.css']],
    ['/market/list/', ['modulepreload /assets/list.js', 'modulepreload /assets/Alert.js', 'preload /assets/list.css']],
    ['/MARKET/List', ['modulepreload /assets/list.js', 'modulepreload /assets/Alert.js', 'preload /assets/list.css']],
    ['/market/detail/34', ['modulepreload /assets/detail.js']],
    // A redirect of the route table has no page of its own.
    ['/market', []],
  ])('%s', (path, expected) => expect(hints(path)).toEqual(expected));

  it('an unknown address gets the 404 page', () => {
    expect(hints('/no/such/page', false)).toEqual(['modulepreload /assets/not-found.js']);
  });

  it('the hints go at the end of the head; the rest of the page is untouched', () => {
    const out = withPagePreloads(html, pages, '/market/detail/34', true);
    expect(out).toBe(
      '<!doctype html><html><head><title>x</title>\n    <link rel="modulepreload" crossorigin href="/assets/detail.js">\n  </head><body><div id="root"></div></body></html>',
    );
  });

  it('without the build list, index.html as it is', () => {
    expect(withPagePreloads(html, [], '/market/list', true)).toBe(html);
  });
});

describe('a server-rendered page', () => {
  const html =
    '<!doctype html><html><head><title>EVE Toolkit</title>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/vendor.js">\n  </head>' +
    '<body><div id="root"><p class="boot" role="status">EVE Toolkit загружается…</p></div><noscript>JS</noscript></body></html>';
  const pages = [
    { pattern: '/market/list', regex: '^/market/list/?$', js: ['assets/list.js'], css: ['assets/list.css', 'assets/Input.css'] },
  ];

  it('loads its stylesheets before it paints and every script at low priority, after them', () => {
    const out = withPagePreloads(html, pages, '/market/list', true, true);
    const tags = [...out.matchAll(/<(script|link)[^>]*>/g)].map((m) => m[0]);
    expect(tags).toEqual([
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor.js">',
      '<link rel="stylesheet" crossorigin href="/assets/list.css">',
      '<link rel="stylesheet" crossorigin href="/assets/Input.css">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/list.js">',
    ]);
  });

  it('its markup replaces the boot text, its title the app’s, and its state follows as a data block', () => {
    const out = withServerRender(html, {
      html: '<h1>Маркет</h1>',
      title: 'Маркет & <цены> — EVE Toolkit',
      state: '{"a":"\\u003c/script>"}',
    });
    expect(out).toContain('<title>Маркет &amp; &lt;цены&gt; — EVE Toolkit</title>');
    expect(out).toContain(
      '<div id="root"><h1>Маркет</h1></div><script type="application/json" id="ssr-state">{"a":"\\u003c/script>"}</script><noscript>',
    );
    expect(out).not.toContain('загружается');
  });
});
