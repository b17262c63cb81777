import { readFile } from "node:fs/promises";
import ts from "typescript";
import type { Plugin } from "vite";

/**
 * A Vite plugin: `site/routes/<name>.tsx?definition` is that route module's `export const route`
 * alone, with the imports it uses. The site's app imports every route module's definition with its
 * entry (the router's paths, the menus; site/route-table.tsx) and the rest of each module as a chunk
 * of its own. The bundler cannot split one module so: whatever else the module imports and runs when
 * loaded (a Markdown parser, a form's rules) would come with the definition. React Router's
 * framework mode splits its route modules the same way. Tests import the whole module instead.
 */
export function routeDefinitions(): Plugin {
  return {
    name: "rcrt:route-definitions",
    enforce: "pre",
    async load(id) {
      const [file, query] = id.split("?", 2);
      if (query !== "definition" || !file) return null;
      return { code: routeDefinitionOf(file, await readFile(file, "utf8")), map: null };
    },
  };
}

/** A route module's source reduced to its `route` export and the imports that export uses. */
export function routeDefinitionOf(file: string, source: string): string {
  const module = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const route = module.statements.find(
    (statement): statement is ts.VariableStatement =>
      ts.isVariableStatement(statement) &&
      (statement.modifiers ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) &&
      statement.declarationList.declarations.some((declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === "route"),
  );
  if (!route) throw new Error(`${file}: a route module exports its definition as \`export const route = { ... }\``);
  // The values the definition refers to (property names and types aside).
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node)) return;
    if (ts.isPropertyAssignment(node)) return visit(node.initializer);
    if (ts.isIdentifier(node)) used.add(node.text);
    ts.forEachChild(node, visit);
  };
  for (const declaration of route.declarationList.declarations) if (declaration.initializer) visit(declaration.initializer);
  const imported = new Set<string>();
  const imports = module.statements.filter(ts.isImportDeclaration).flatMap((declaration) => {
    const bindings = declaration.importClause?.namedBindings;
    if (declaration.importClause?.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) return [];
    const elements = bindings.elements.filter((element) => !element.isTypeOnly && used.has(element.name.text));
    for (const element of elements) imported.add(element.name.text);
    return elements.length > 0 ? [`import { ${elements.map((element) => element.getText()).join(", ")} } from ${declaration.moduleSpecifier.getText()};`] : [];
  });
  const unknown = [...used].filter((name) => !imported.has(name) && name !== "undefined");
  if (unknown.length > 0) throw new Error(`${file}: its route definition is plain data, with named imports at most; it uses ${unknown.join(", ")}`);
  return [...imports, route.getText(), ""].join("\n");
}
