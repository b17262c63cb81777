import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Mends of lite's own request path, made in its installed code when the dependencies are installed
 * (`postinstall`: scripts/mend-lite.ts). Lite lets an adapter replace its connection, its query
 * builder's driver and its middlewares (lite-adapters.ts), but what a REST read costs beyond those
 * is lite's own work on every request, done again for a request it has answered a moment before:
 * translating the URL into its query tree, building and compiling the page's SQL and the count's,
 * and recomputing the types of every column it knows. These are costs, not lite bugs.
 *
 * Why not patch-package (which patches the PostgreSQL driver, patches/): lite ships one minified
 * file whose lines run to 100 KB, and a line-based patch would carry those lines whole, lite's code
 * copied into ours. Each mend here names the few characters it replaces instead, and is refused
 * unless they are found exactly once: a new version of lite fails the install, and the mend is
 * looked at again.
 */
export interface SourceMend {
  name: string;
  /** What lite does without it, and why the mend keeps lite's answers the same. */
  why: string;
  /** Module-level code the replacements call (names start with `rcrt`, which lite never uses). */
  prelude?: string;
  replacements: ReadonlyArray<readonly [find: string, replace: string]>;
}

/** How many REST reads' translations are remembered per introspection of the schema. */
export const REMEMBERED_TRANSLATIONS = 256;
/** A request whose URL and headers that shape its query are longer than this is translated each time. */
export const LONGEST_TRANSLATION_KEY = 4096;

export const LITE_MENDS: readonly SourceMend[] = [
  {
    name: "readTranslationsRemembered",
    why:
      "Each REST request is parsed into lite's query tree, checked against its preferences and headers, and " +
      "turned into SQL for the page and, with a count, into SQL for the count, each built and compiled anew. " +
      "A read's tree is a function of its method, URL, the headers lite reads for it (Accept, Accept-Profile, " +
      "Content-Profile, Prefer, Range, Content-Type) and the schema (the introspection, a new object when the " +
      "schema is read again); never of the caller, whose rights the database applies. So a GET or HEAD " +
      "remembers its tree and compiled SQL under that key for the introspection it was made with, " +
      `${REMEMBERED_TRANSLATIONS} at most (the least recently used forgotten first). The remembered tree is frozen: ` +
      "lite code that changed it in place for one request would fail loudly, not change the next request's query. " +
      "The module exports the store (`rcrtTranslations`), so that a test can see it bounded.",
    prelude:
      "export var rcrtTranslations=(()=>{let byIntrospection=new WeakMap;return{size:l=>byIntrospection.get(l)?.size??0,get(l,k){let c=byIntrospection.get(l),e=c?.get(k);" +
      "if(e){c.delete(k);c.set(k,e)}return e},set(l,k,b){let c=byIntrospection.get(l);if(!c){c=new Map;byIntrospection.set(l,c)}" +
      `let e={translation:rcrtFrozen(b),compiled:{}};c.set(k,e);if(c.size>${REMEMBERED_TRANSLATIONS})c.delete(c.keys().next().value);return e}}})();` +
      "function rcrtFrozen(o){if(o&&typeof o==\"object\"&&!ArrayBuffer.isView(o)&&!Object.isFrozen(o)){Object.freeze(o);for(let v of Object.values(o))rcrtFrozen(v)}return o}" +
      'var rcrtTranslationHeaders=["accept","accept-profile","content-profile","prefer","range","content-type"];' +
      `function rcrtTranslationKey(r){let k=r.method+" "+r.url;for(let h of rcrtTranslationHeaders)k+="\\n"+(r.header(h)??"");return k.length>${LONGEST_TRANSLATION_KEY}?null:k}`,
    replacements: [
      [
        'try{let g=n.req.header("Content-Profile")??n.req.header("Accept-Profile")??"public",y=new Set(',
        'try{let rcrtKey=!a&&(n.req.method==="GET"||n.req.method==="HEAD")?rcrtTranslationKey(n.req):null,rcrtRead=rcrtKey?rcrtTranslations.get(l,rcrtKey):void 0,b;' +
          'if(rcrtRead)b=rcrtRead.translation;else{let g=n.req.header("Content-Profile")??n.req.header("Accept-Profile")??"public",y=new Set(',
      ],
      ["let b=Km({ast:m,", "b=Km({ast:m,"],
      ["if(b instanceof Response)return b;m=b.ast;", "if(b instanceof Response)return b;rcrtKey&&!b.isMutation&&(rcrtRead=rcrtTranslations.set(l,rcrtKey,b))}m=b.ast;"],
      ["acceptHeader:N,requestUrl:n.req.url,debug:t?.debug}", "acceptHeader:N,requestUrl:n.req.url,debug:t?.debug,rcrtCompiled:rcrtRead?.compiled}"],
      [
        'y=ee(e,s,{db:r,introspection:i,schema:o});ke("",y,t.debug);let w=await y.execute(),',
        'rcrtQ=d?void 0:t.rcrtCompiled,y=rcrtQ?.page?null:ee(e,s,{db:r,introspection:i,schema:o});y&&ke("",y,t.debug);' +
          "let w=rcrtQ?(await r.executeQuery(rcrtQ.page??=y.compile())).rows:await y.execute(),",
      ],
      [":C=await Cc(r,e,s,i)),n?.cardinality", ":C=await Cc(r,e,s,i,rcrtQ)),n?.cardinality"],
      [
        'async function Cc(t,e,n,r){if(e.$meta?.count!=="planned"&&e.$meta?.count!=="estimated"||n!=="postgres"||e.type==="rpc")return Jn(t,e,n,r);',
        'async function Cc(t,e,n,r,rcrtQ){if(e.$meta?.count!=="planned"&&e.$meta?.count!=="estimated"||n!=="postgres"||e.type==="rpc")return Jn(t,e,n,r,rcrtQ);',
      ],
      ["async function Jn(t,e,n,r){", "async function Jn(t,e,n,r,rcrtQ){"],
      [
        "l=await ee(o,n,{db:t,introspection:r}).execute(),c=Array.isArray(l)?l[0]:l;",
        "l=rcrtQ?(await t.executeQuery(rcrtQ.count??=ee(o,n,{db:t,introspection:r}).compile())).rows:await ee(o,n,{db:t,introspection:r}).execute(),c=Array.isArray(l)?l[0]:l;",
      ],
    ],
  },
  {
    name: "responseTypesOncePerSchema",
    why:
      "Before each REST request lite goes through every column of every schema it knows (468 on ours) to find " +
      "those whose values it converts in answers, and builds a new map of them. The map depends on the " +
      "introspection and the configured schema translation alone, and lite only reads it: it is made once per introspection.",
    prelude: "var rcrtResponseTypes=new WeakMap;",
    replacements: [
      [
        "function wm(t,e,n){",
        'function wm(t,e,n){if(n==="postgres"||n==="pglite"){let m=rcrtResponseTypes.get(e);if(m&&m.deparse===t)return m.types;' +
          "m={deparse:t,types:rcrtResponseTypesOf(t,e,n)};rcrtResponseTypes.set(e,m);return m.types}return rcrtResponseTypesOf(t,e,n)}function rcrtResponseTypesOf(t,e,n){",
      ],
    ],
  },
  {
    name: "rowsJsonWithoutReplacer",
    why:
      "Lite writes every JSON answer with a replacer function, called for every value of every row, that turns " +
      "a BigInt into a number. JSON.stringify without one is several times faster and writes the same text for " +
      "anything but a BigInt, on which it throws a TypeError: then the answer is written with the replacer, as before.",
    replacements: [
      [
        'function Rt(t){return JSON.stringify(t,(e,n)=>typeof n=="bigint"?Number.parseInt(n.toString(),10):n)}',
        'function Rt(t){try{return JSON.stringify(t)}catch(e){if(!(e instanceof TypeError))throw e}return JSON.stringify(t,(e,n)=>typeof n=="bigint"?Number.parseInt(n.toString(),10):n)}',
      ],
    ],
  },
];

/** The first line of a mended file: which mends it carries. */
export function mendMarker(mends: readonly SourceMend[] = LITE_MENDS): string {
  return `/* Mended on install by supabase/local/lite-mends.ts: ${mends.map((mend) => mend.name).join(", ")} */`;
}

/** Lite's code with `mends` made; throws, naming the mend, when a text to replace is not found exactly once. */
export function mendLiteSource(source: string, mends: readonly SourceMend[] = LITE_MENDS): string {
  let mended = source;
  for (const mend of mends) {
    for (const [find, replace] of mend.replacements) {
      const found = mended.split(find).length - 1;
      if (found !== 1) throw new Error(`lite-mends: "${mend.name}" expects its text once in lite's code, found it ${found} times: ${find.slice(0, 80)}`);
      mended = mended.replace(find, () => replace);
    }
  }
  const preludes = mends.flatMap((mend) => (mend.prelude ? [mend.prelude] : []));
  return `${mendMarker(mends)}\n${preludes.join("\n")}\n${mended}`;
}

/** Lite's installed code, and the copy of it as installed, kept beside it by the first mend. */
export function liteFiles(): { installed: string; asShipped: string } {
  const installed = fileURLToPath(import.meta.resolve("@supabase/lite"));
  return { installed, asShipped: installed.replace(/\.js$/, ".as-shipped.js") };
}

/**
 * Mends the installed lite, from the copy as shipped (kept beside it), so that running it again, or
 * with other mends, starts from lite's own code. Returns whether the file changed.
 */
export function mendInstalledLite(files = liteFiles()): "mended" | "unchanged" {
  const current = readFileSync(files.installed, "utf8");
  const shipped = existsSync(files.asShipped) ? readFileSync(files.asShipped, "utf8") : current;
  const mended = mendLiteSource(shipped);
  if (current === mended) return "unchanged";
  if (!existsSync(files.asShipped)) writeFileSync(files.asShipped, shipped);
  writeFileSync(files.installed, mended);
  return "mended";
}
