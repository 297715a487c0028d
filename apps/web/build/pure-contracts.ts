import type { Plugin } from 'vite';

/** The shared contracts' source files (packages/contracts/src), not their tests. */
const CONTRACTS_FILE = /[\\/]packages[\\/]contracts[\\/]src[\\/](?![^\\/]*\.test\.)[^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Statement extends Node {
  kind?: string;
  declarations?: Declarator[];
  declaration?: Statement | null;
}

/** An initialiser already free of calls (a literal, a function) needs no marking. */
const WITHOUT_CALLS = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression', 'TemplateLiteral']);

/**
 * The contracts are data: every top-level constant of packages/contracts/src is a schema, a list or
 * a table built without side effects. A bundler cannot know that `z.object({...}).strict()` has
 * none, so it keeps every schema of every module the web imports anything from, the server's
 * answer schemas among them (the web uses their types only). This marks each such constant's
 * initialiser as pure (`/* @__PURE__ *\/ (() => …)()`), so that one the page never reads is left
 * out of the bundle; one it reads is computed as before. The server runs the contracts unchanged.
 */
export function pureContracts(): Plugin {
  return {
    name: 'school-transport:pure-contracts',
    apply: 'build',
    // After TypeScript is stripped: the statements are plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACTS_FILE.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Statement[] };
      const wraps: { start: number; end: number }[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (init && !WITHOUT_CALLS.has(init.type) && code.slice(init.start, init.end).includes('(')) wraps.push({ start: init.start, end: init.end });
        }
      }
      if (wraps.length === 0) return null;
      let marked = '';
      let at = 0;
      for (const { start, end } of wraps) {
        marked += `${code.slice(at, start)}/* @__PURE__ */ (() => (${code.slice(start, end)}))()`;
        at = end;
      }
      return { code: marked + code.slice(at), map: null };
    },
  };
}
