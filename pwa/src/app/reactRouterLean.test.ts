import { gzipSync } from 'node:zlib';
import { build } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { leanReactRouter, reactRouterLean } from '../../../scripts/build/react-router-lean.ts';

describe('react-router-lean (the build plugin that keeps unused router code out of the first load)', () => {
  it('drops top-level displayName labels and marks React factory calls pure, nothing else', () => {
    const code = [
      'var Link = React10.forwardRef(function LinkWithRef() {});',
      'Link.displayName = "Link";',
      'var Ctx = React.createContext(null);',
      'var M = React3.memo(Inner);',
      'function f() {',
      '    Inner.displayName = "kept inside a function";',
      '}',
      'var Already = /* @__PURE__ */ React.createContext(1);',
    ].join('\n');
    expect(leanReactRouter(code)).toBe(
      [
        'var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef() {});',
        '',
        'var Ctx = /* @__PURE__ */ React.createContext(null);',
        'var M = /* @__PURE__ */ React3.memo(Inner);',
        'function f() {',
        '    Inner.displayName = "kept inside a function";',
        '}',
        'var Already = /* @__PURE__ */ React.createContext(1);',
      ].join('\n'),
    );
  });

  it('leaves the parts of the installed react-router the app does not use out of a bundle', async () => {
    const bundle = async (plugins: ReturnType<typeof reactRouterLean>[]) => {
      const out = await build({
        input: 'entry',
        write: false,
        logLevel: 'silent',
        platform: 'browser',
        external: [/^react($|\/)/, /^react-dom($|\/)/],
        output: { minify: true, format: 'esm' },
        plugins: [
          {
            name: 'entry',
            resolveId: (id) => (id === 'entry' ? id : null),
            load: (id) =>
              id === 'entry'
                ? `import { matchPath, Link } from 'react-router'; globalThis.used = [matchPath, Link];`
                : null,
          },
          ...plugins,
        ],
      });
      return out.output[0].code;
    };
    const plain = await bundle([]);
    const lean = await bundle([reactRouterLean()]);
    // <Form>'s message about its encType: a component the app never renders.
    const formCode = 'Cannot submit element that is not <form>';
    expect(plain.includes(formCode)).toBe(true);
    expect(lean.includes(formCode)).toBe(false);
    // Link still works: its click handler is there.
    expect(lean.includes('data-discover')).toBe(true);
    expect(gzipSync(lean).length).toBeLessThan(gzipSync(plain).length * 0.8);
  });
});
