// The layer rules (ADR 0033, docs/ARCHITECTURE.md "Layers") as data, and the check that reads the
// import graph against them. Arrows point down only:
//
//   server/http/   →  routers/  →  server/<capability>/  →  server/platform/ → db/   render/  →  server/domain/
//
// and beside them scripts/ (may use anything but tests/) and tests/ (anything). On top of the arrows:
// a router never imports a query that writes, never opens a transaction and never writes an event
// (services hold every transaction and event), and no import cycle is added.
import ts from "typescript";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

export type LayerName = "http" | "routers" | "services" | "platform" | "db" | "render" | "domain" | "scripts" | "tests";

type Layer = { name: LayerName; folders: readonly string[]; mayImport: readonly LayerName[] };

/** Each file belongs to the layer whose folder is the longest prefix of its path. */
export const LAYERS: readonly Layer[] = [
  { name: "http", folders: ["server/http/"], mayImport: ["routers", "services", "platform", "db", "render", "domain"] },
  { name: "routers", folders: ["routers/"], mayImport: ["services", "platform", "db", "render", "domain"] },
  // server/<capability>/ and the services container (server/services.ts): everything under server/ not claimed below.
  { name: "services", folders: ["server/"], mayImport: ["platform", "db", "render", "domain"] },
  { name: "platform", folders: ["server/platform/"], mayImport: ["db", "domain"] },
  { name: "db", folders: ["db/"], mayImport: ["domain"] },
  { name: "render", folders: ["render/"], mayImport: ["domain"] },
  { name: "domain", folders: ["server/domain/"], mayImport: [] },
  { name: "scripts", folders: ["scripts/", "drizzle.config.ts"], mayImport: ["http", "routers", "services", "platform", "db", "render", "domain"] },
  { name: "tests", folders: ["tests/"], mayImport: ["http", "routers", "services", "platform", "db", "render", "domain", "scripts"] },
];

/**
 * Cycles that were there when the rules came in, each as its sorted list of files. The check fails
 * on any other cycle (a new one, or one of these grown); mending one of these means removing it here.
 */
export const KNOWN_CYCLES: readonly (readonly string[])[] = [];

/** What a router may not do in its own text: open a transaction or write an event (a service does both). */
const ROUTER_FORBIDDEN: readonly { pattern: RegExp; says: string }[] = [
  { pattern: /\bdatabase\.write\(/, says: "opens a write transaction (database.write): call a service function" },
  { pattern: /\bevents\.record\(/, says: "writes an event (events.record): a service writes it with its change" },
];

export type Violation = { file: string; rule: "arrow" | "write-query" | "router-write" | "cycle"; says: string };

/** The repository's TypeScript files, path → text (tracked and new, not ignored). */
export function repositoryFiles(root: string): Map<string, string> {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", "*.ts", "*.tsx"], { cwd: root, encoding: "utf8" });
  const files = new Map<string, string>();
  for (const path of listed.split("\n")) {
    if (!path || path.startsWith("tests/fixtures/")) continue;
    try {
      files.set(path, readFileSync(join(root, path), "utf8"));
    } catch {
      // listed but deleted in the work tree
    }
  }
  return files;
}

export function layerOf(path: string): Layer | null {
  let best: Layer | null = null;
  let length = -1;
  for (const layer of LAYERS) {
    for (const folder of layer.folders) {
      if ((path === folder || path.startsWith(folder)) && folder.length > length) {
        best = layer;
        length = folder.length;
      }
    }
  }
  return best;
}

type Import = { target: string; names: string[]; typeOnly: boolean };

/** A module a file names, as written (`./app.ts`, `elysia`, `node:fs`), with the names it takes. */
export type ModuleReference = { specifier: string; names: string[]; typeOnly: boolean };

/** The properties a file reads off one identifier (`space.name`). */
function membersRead(source: ts.SourceFile, space: string): string[] {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === space) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...names];
}

/** Every module a file imports (static, dynamic and re-exports): project files and packages alike. */
export function moduleReferencesOf(path: string, text: string): ModuleReference[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: ModuleReference[] = [];
  const add = (specifier: string, names: string[], typeOnly: boolean): void => {
    found.push({ specifier, names, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text) : [];
      // A namespace import takes the names the file reads through it (`queries.listClients`).
      if (bindings && ts.isNamespaceImport(bindings)) names.push(...membersRead(source, bindings.name.text));
      const everyNameTyped = bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((element) => element.isTypeOnly) && !clause?.name;
      add(node.moduleSpecifier.text, names, (clause?.isTypeOnly ?? false) || everyNameTyped);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, ["*"], node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      add(node.arguments[0].text, ["*"], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The project files a file imports, with the names it takes. */
function importsOf(path: string, text: string): Import[] {
  return moduleReferencesOf(path, text)
    .filter(({ specifier }) => specifier.startsWith("."))
    .map(({ specifier, names, typeOnly }) => ({ target: normalize(join(dirname(path), specifier)), names, typeOnly }));
}

/**
 * The queries that write, by name per file: a function of db/queries/ whose body inserts, updates or
 * deletes (through drizzle or in SQL text), or calls a query that does.
 */
export function writeQueries(files: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const bodies = new Map<string, { file: string; name: string; text: string }>();
  for (const [file, text] of files) {
    if (!file.startsWith("db/queries/")) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    for (const statement of source.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name) bodies.set(`${file}#${statement.name.text}`, { file, name: statement.name.text, text: statement.getText(source) });
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.initializer) bodies.set(`${file}#${declaration.name.text}`, { file, name: declaration.name.text, text: declaration.getText(source) });
        }
      }
    }
  }
  const writes = /\.(insert|update|delete)\(|\b(INSERT|UPDATE|DELETE|REPLACE)\s+(INTO|OR|FROM|\w+\s+SET)\b|\bupdate\s+\w+\s+set\b|\binsert\s+into\b|\bdelete\s+from\b/i;
  const writing = new Set([...bodies].filter(([, body]) => writes.test(body.text)).map(([key]) => key));
  // Calls to another writing query (by name, within db/queries/) make a query writing too.
  for (let grew = true; grew; ) {
    grew = false;
    const names = new Set([...writing].map((key) => key.slice(key.indexOf("#") + 1)));
    for (const [key, body] of bodies) {
      if (writing.has(key)) continue;
      const callsWriter = [...names].some((name) => name !== body.name && new RegExp(`\\b${name}\\(`).test(body.text));
      if (callsWriter) {
        writing.add(key);
        grew = true;
      }
    }
  }
  const byFile = new Map<string, Set<string>>();
  for (const key of writing) {
    const [file, name] = key.split("#") as [string, string];
    byFile.set(file, (byFile.get(file) ?? new Set()).add(name));
  }
  return byFile;
}

/** Strongly connected components of more than one file (Tarjan), each sorted. */
function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let index = 0;
  const indexes = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    indexes.set(node, index);
    lowlinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node)!, indexes.get(next)!));
      }
    }
    if (lowlinks.get(node) === indexes.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexes.has(node)) connect(node);
  return components;
}

export function checkLayers(files: ReadonlyMap<string, string>, knownCycles: readonly (readonly string[])[] = KNOWN_CYCLES): Violation[] {
  const violations: Violation[] = [];
  const writers = writeQueries(files);
  const graph = new Map<string, Set<string>>();
  for (const [file, text] of files) {
    const from = layerOf(file);
    const edges = new Set<string>();
    graph.set(file, edges);
    for (const imported of importsOf(file, text)) {
      // Type-only imports are erased before anything runs: they cannot make a cycle.
      if (files.has(imported.target) && !imported.typeOnly) edges.add(imported.target);
      const to = layerOf(imported.target);
      if (!from || !to) continue;
      if (from.name !== to.name && !from.mayImport.includes(to.name)) {
        violations.push({ file, rule: "arrow", says: `${from.name} may not import ${to.name}: ${imported.target}` });
      }
      const written = writers.get(imported.target);
      if (from.name === "routers" && written && !imported.typeOnly) {
        const taken = imported.names.includes("*") ? [...written] : imported.names.filter((name) => written.has(name));
        for (const name of taken) violations.push({ file, rule: "write-query", says: `a router imports the write query ${name} (${imported.target}): call a service function` });
      }
    }
    if (from?.name === "routers") {
      for (const { pattern, says } of ROUTER_FORBIDDEN) if (pattern.test(text)) violations.push({ file, rule: "router-write", says });
    }
  }
  const known = new Set(knownCycles.map((cycle) => [...cycle].sort().join(" ")));
  for (const cycle of cyclesOf(graph)) {
    if (!known.has(cycle.join(" "))) violations.push({ file: cycle[0]!, rule: "cycle", says: `import cycle: ${cycle.join(" → ")}` });
  }
  return violations;
}
